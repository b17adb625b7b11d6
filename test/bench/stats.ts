/** Small helpers every bench scenario shares: percentiles, rounding, progress notes on stderr. */
export type Results = Record<string, Record<string, number | string>>;

export function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export const r1 = (x: number) => Math.round(x * 10) / 10;

export const note = (m: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}`);

/** A promise that fails with `what` after `ms`: every wait of a bench is bounded by one. */
export function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`bench: ${what} took more than ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
