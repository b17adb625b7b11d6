/**
 * The figures the bench and support read from the canvas layers (object layer, history
 * track) are lists of samples; a session of hours must not grow them without bound.
 */
export function keepSample(list: number[], v: number): void {
  list.push(v);
  if (list.length > 1000) list.splice(0, 500);
}
