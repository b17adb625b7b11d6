import { momentText, zoneNote } from './time';

/**
 * A moment in a list row: its text as lists say it, and its zone note as a tooltip. The note
 * is written each time the pointer reaches it (so it follows a changed clock or language), not
 * at render: a burst of new events re-rendered 300 rows, and the notes were half of that
 * render's date formatting.
 */
export function MomentTime({ ms, zone }: { ms: number; zone: string }) {
  return (
    <time
      dateTime={new Date(ms).toISOString()}
      onPointerEnter={(ev) => {
        ev.currentTarget.title = zoneNote(ms, zone);
      }}
    >
      {momentText(ms, zone)}
    </time>
  );
}
