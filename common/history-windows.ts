/**
 * The service's limits on how long an interval one request may ask for, in one place: the
 * core's track loader (main/core/history/windows.ts) and the History screen's catalogue
 * calls (renderer/src/history/records/) both cut intervals by them, and written twice they
 * could drift apart. Plain numbers, so both sides import it.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * ObjectsHistory's longest window: the spec says "one month" without saying how long a
 * month is; 30 days is accepted by every reading of it. A 400 naming the length halves it.
 */
export const HISTORY_WINDOW_MS = 30 * DAY_MS;
/** The catalogue calls' windows: under any "one month" (28 days), so every window is accepted. */
export const RECORDS_WINDOW_MS = 28 * DAY_MS;
/** ObjectPackets answers at most one day per request (the simulator's 400 says so; the spec names no limit). */
export const PACKETS_WINDOW_MS = DAY_MS;

export interface Window {
  from: number;
  till: number;
}

