/** How old a time is, the way an operator says it: "12 s ago", "3 min ago", "2 h ago", "5 d ago". */
export function ageText(time: number | null | undefined, now: number): string {
  if (!time) return 'never';
  const s = Math.max(0, Math.round((now - time) / 1000));
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} d ago`;
}

export function speedText(kmh: number | undefined): string {
  return kmh === undefined || Number.isNaN(kmh) ? '—' : `${Math.round(kmh)} km/h`;
}
