/** Speed → colour, one table shared by the track layer and its legend so they cannot disagree. */
export const SPEED_BUCKETS: { upTo: number; color: string; label: string }[] = [
  { upTo: 5, color: '#7f8c9b', label: '< 5' },
  { upTo: 30, color: '#2f6fde', label: '5–30' },
  { upTo: 60, color: '#1f9d55', label: '30–60' },
  { upTo: 90, color: '#e0a800', label: '60–90' },
  { upTo: 120, color: '#e8590c', label: '90–120' },
  { upTo: Infinity, color: '#c0392b', label: '≥ 120' },
];

export function speedBucket(kmh: number): number {
  if (!(kmh >= 0)) return 0;
  for (let b = 0; b < SPEED_BUCKETS.length; b++) if (kmh < SPEED_BUCKETS[b]!.upTo) return b;
  return SPEED_BUCKETS.length - 1;
}
