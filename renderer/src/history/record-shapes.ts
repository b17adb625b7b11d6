/** Pure helpers of the catalogue calls (records.ts): windows and row shapes. */

/** Under any "one month" (28 days), so every window is accepted. */
export const RECORDS_WINDOW_MS = 28 * 86_400_000;

export function splitRange(from: number, till: number, max = RECORDS_WINDOW_MS): [number, number][] {
  const out: [number, number][] = [];
  for (let a = from; a < till; a += max) out.push([a, Math.min(till, a + max)]);
  return out;
}

/**
 * Records that nest their rows (ParkingMoto: one record per object with a Parkings array)
 * become one row per nested element, carrying the parent's plain fields.
 */
export function flattenRecords(items: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const it of items) {
    if (!it || typeof it !== 'object' || Array.isArray(it)) {
      out.push(it);
      continue;
    }
    const rec = it as Record<string, unknown>;
    const nested = Object.entries(rec).filter(([, v]) => Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === 'object' && !Array.isArray(x)));
    if (nested.length === 0) {
      out.push(it);
      continue;
    }
    const plain = Object.fromEntries(Object.entries(rec).filter(([, v]) => !Array.isArray(v)));
    for (const [key, arr] of nested) for (const x of arr as Record<string, unknown>[]) out.push({ ...plain, Kind: key, ...x });
  }
  return out;
}
