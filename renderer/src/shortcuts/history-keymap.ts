/** The History screen's keyboard shortcuts: one table for the handler and the help. */
import type { Binding } from './keymap-core';

export type HistoryAction =
  | 'play'
  | 'prev'
  | 'next'
  | 'first'
  | 'last'
  | 'slower'
  | 'faster'
  | 'fit'
  | 'charts'
  | 'export'
  | 'object'
  | 'interval'
  | 'timeline'
  | 'help';

export const HISTORY_KEYS: readonly Binding<HistoryAction>[] = [
  { keys: ['Space'], action: 'play', textKey: 'history.play' },
  { keys: ['←'], action: 'prev', textKey: 'history.prev' },
  { keys: ['→'], action: 'next', textKey: 'history.next' },
  { keys: ['Home'], action: 'first', textKey: 'history.first' },
  { keys: ['End'], action: 'last', textKey: 'history.last' },
  { keys: ['['], action: 'slower', textKey: 'history.slower' },
  { keys: [']'], action: 'faster', textKey: 'history.faster' },
  { keys: ['F'], action: 'fit', textKey: 'history.fit' },
  { keys: ['C'], action: 'charts', textKey: 'history.charts' },
  { keys: ['E'], action: 'export', textKey: 'history.export' },
  { keys: ['O'], action: 'object', textKey: 'history.object' },
  { keys: ['I'], action: 'interval', textKey: 'history.interval' },
  { keys: ['T'], action: 'timeline', textKey: 'history.timeline' },
  { keys: ['?'], action: 'help', textKey: 'history.help' },
];

/** The next replay speed up or down the player's list; the same one at either end. */
export function nextSpeed(speeds: readonly number[], current: number, dir: 1 | -1): number {
  const i = speeds.indexOf(current);
  // A speed not in the list (none today) goes to the nearest step in that direction.
  if (i < 0) return (dir > 0 ? speeds.find((s) => s > current) : [...speeds].reverse().find((s) => s < current)) ?? current;
  return speeds[Math.max(0, Math.min(speeds.length - 1, i + dir))]!;
}
