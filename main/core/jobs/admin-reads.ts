/**
 * What the Admin table and its pickers read: every object with its company, model,
 * groups and paid-till; odometer and engine hours only for the rows asked for (the service
 * has one call per object for them), remembered for the table's next read.
 */
import type { AdminChoice, AdminCounters, AdminIcon, AdminObjects } from '../../../common/methods/jobs';
import type { LooseItem } from '../api';
import { mapLimit } from './map-limit';
import { OPS } from './operations';
import type { JobsService } from './service';

function choices(list: Array<LooseItem | string | number>, what: string): AdminChoice[] {
  return list.flatMap((i) => (typeof i === 'object' && typeof i.Id === 'number' ? [{ id: i.Id, name: typeof i.Name === 'string' ? i.Name : `${what} ${i.Id}` }] : []));
}

export class AdminReads {
  private readonly known = new Map<number, { odometer: number | null; engineHours: number | null }>();

  constructor(private readonly jobs: JobsService, private readonly target: () => { api: import('./operations').JobApi }, private readonly now: () => number = Date.now) {}

  async objects(refresh: boolean): Promise<AdminObjects> {
    const [list, companies, groups] = await Promise.all([this.jobs.objects(refresh), this.jobs.companies(), this.groups().catch(() => [])]);
    const groupNames = new Map(groups.map((g) => [g.id, g.name]));
    const rows = list.map((o) => {
      const rec = o as Record<string, unknown>;
      const paid = rec.PayedTill;
      const k = this.known.get(o.Id);
      const groupIds = Array.isArray(o.GroupIds) ? o.GroupIds : [];
      return {
        id: o.Id,
        name: o.Name,
        plate: o.StateNumber ?? '',
        imei: o.IMEI ?? '',
        companyId: o.CompanyId ?? null,
        company: o.CompanyName ?? (o.CompanyId !== undefined ? (companies.get(o.CompanyId) ?? `company ${o.CompanyId}`) : ''),
        model: o.DeviceType ?? '',
        groupIds,
        groups: groupIds.map((g) => groupNames.get(g) ?? `group ${g}`),
        odometer: k?.odometer ?? null,
        engineHours: k?.engineHours ?? null,
        paidTill: typeof paid === 'number' ? paid : typeof paid === 'string' && !Number.isNaN(Date.parse(paid)) ? Date.parse(paid) : null,
        iconId: o.IconId ?? null,
      };
    });
    return { rows, fetchedAt: this.now() };
  }

  async counters(ids: number[]): Promise<AdminCounters[]> {
    const api = this.target().api;
    const out = new Map<number, AdminCounters>();
    await mapLimit(ids, 4, async (id) => {
      try {
        const [odometer, engineHours] = [await OPS.odometer.readOld(api, id), await OPS['engine-hours'].readOld(api, id)];
        const v = { odometer: odometer as number, engineHours: engineHours as number };
        this.known.set(id, v);
        out.set(id, { objectId: id, ...v });
      } catch (e) {
        out.set(id, { objectId: id, odometer: null, engineHours: null, error: e instanceof Error ? e.message : String(e) });
      }
    });
    return ids.map((id) => out.get(id)!);
  }

  async companies(): Promise<AdminChoice[]> {
    return [...(await this.jobs.companies())].map(([id, name]) => ({ id, name }));
  }

  async icons(): Promise<AdminIcon[]> {
    const api = this.target().api;
    const list = choices(await api.objects.icons(), 'icon');
    let images = new Map<number, string>();
    try {
      const got = await api.objects.getIcons(list.map((i) => i.id));
      images = new Map(got.flatMap((g) => (typeof g === 'object' && typeof g.Id === 'number' && typeof g.Image === 'string' ? [[g.Id, g.Image] as const] : [])));
    } catch {
      // Pictures are a nicety: the picker still lists the icons by name.
    }
    return list.map((i) => (images.has(i.id) ? { ...i, image: images.get(i.id)! } : i));
  }

  async groups(): Promise<AdminChoice[]> {
    return choices(await this.target().api.groups.list(), 'group');
  }
}
