/**
 * The hostile-text corpus (`hostileNames: true`, `--hostile-names`): names, event texts and
 * addresses a compromised or careless server could send. A console that puts any of them
 * into innerHTML, a spreadsheet formula or its own codec's tags shows the damage; one that
 * treats them as text shows them literally. Deterministic, like the rest of the world.
 */
import { hash } from '../util/rng';
import type { World } from './generate';

/** About 10 KB, in words, so a layout that wraps has somewhere to wrap. */
export const LONG_NAME = Array.from({ length: 640 }, (_, i) => `Long${String(i).padStart(3, '0')}`).join(' ').slice(0, 10_240);

export const HOSTILE_TEXTS: readonly string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<style>body{display:none}</style>',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  // A right-to-left override: shown as "exe.gnp", the name of a picture, if the override is obeyed.
  '\u202Egnp.exe',
  LONG_NAME,
  "=cmd|' /C calc'!A0",
  '{"__typed":"Float64Array"}',
];

const pick = (i: number): string => HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]!;

/** The service's collections (groups, geozones, drivers) take names of at most 200 characters: the long name is cut to that. */
export const COLLECTION_NAME_MAX = 200;
const pickShort = (i: number): string => pick(i).slice(0, COLLECTION_NAME_MAX);

const idsOf = new WeakMap<World, Set<number>>();

/** Object ids renamed per company: the first of each company, one per corpus entry. */
export function hostileObjectIds(world: World): Set<number> {
  const known = idsOf.get(world);
  if (known) return known;
  const seen = new Map<number, number>();
  const out = new Set<number>();
  for (const o of world.objects.values()) {
    const n = seen.get(o.CompanyId) ?? 0;
    if (n < HOSTILE_TEXTS.length) out.add(o.Id);
    seen.set(o.CompanyId, n + 1);
  }
  idsOf.set(world, out);
  return out;
}

/** Renames in place: objects, their third sensor, every object group, geozone, driver and driver key. */
export function makeHostile(world: World): void {
  const objectIds = hostileObjectIds(world);
  const nth = new Map<number, number>();
  const next = (companyId: number): number => {
    const n = nth.get(companyId) ?? 0;
    nth.set(companyId, n + 1);
    return n;
  };
  for (const o of world.objects.values()) {
    if (!objectIds.has(o.Id)) continue;
    const i = next(o.CompanyId);
    o.Name = pick(i);
    const sensor = o.Sensors[2];
    if (sensor) sensor.Name = pick(i + 1);
  }
  for (const name of ['ObjectGroups', 'Geozones', 'Drivers', 'DriverKeys'] as const) {
    nth.clear();
    for (const rec of world.collections[name]) rec.Name = pickShort(next(Number(rec.CompanyId)));
  }
  for (const refs of world.driversByCompany.values()) {
    for (const r of refs) {
      const rec = world.collections.Drivers.find((d) => d.Id === r.DriverId);
      if (rec) r.Name = String(rec.Name);
    }
  }
}

/** An event's text under the corpus: generated events of renamed objects; command outcomes keep theirs (the console matches them). */
export function hostileEventText(world: World, e: { Id: number; ObjectId: number; Text: string; rule: number }): string {
  if (e.rule === 0 || !hostileObjectIds(world).has(e.ObjectId)) return e.Text;
  return pick(hash(e.Id) >>> 0);
}

/** Every address the geocoder finds comes from the corpus. */
export function hostileAddress<T extends { Address: string | null; Street: string | null }>(a: T, lat: number, lng: number): T {
  if (a.Address === null) return a;
  const text = pick(hash(Math.round(lat * 1000), Math.round(lng * 1000)) >>> 0);
  return { ...a, Address: text, Street: text };
}
