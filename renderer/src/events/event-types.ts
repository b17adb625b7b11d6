/**
 * Event.Type is a bitmask whose meanings the spec leaves open; these are the bits the
 * service family we target (and the simulator) uses. Unknown bits still get a name,
 * so a new rule on the server is shown, sounded and mutable like the rest.
 */
export interface EventKind {
  bit: number;
  label: string;
  /** Beep pitch (Hz) and count: alarms sound higher and twice. */
  tone: number;
  beeps: number;
}

const KNOWN: EventKind[] = [
  // Named before the alarm bit they carry: "Towing" says more than "Alarm", and they sound as alarms.
  { bit: 0x10000, label: 'Towing', tone: 1320, beeps: 3 },
  { bit: 0x2000, label: 'Power cut', tone: 1320, beeps: 3 },
  { bit: 0x8000, label: 'Alarm', tone: 1320, beeps: 3 },
  { bit: 0x200, label: 'Command failed', tone: 990, beeps: 2 },
  { bit: 0x100, label: 'Command delivered', tone: 660, beeps: 1 },
  { bit: 0x80, label: 'Fuel drain', tone: 1100, beeps: 2 },
  { bit: 0x400, label: 'Connection lost', tone: 520, beeps: 2 },
  { bit: 0x4000, label: 'Low battery', tone: 700, beeps: 2 },
  { bit: 0x4, label: 'Speeding', tone: 880, beeps: 2 },
  { bit: 0x20, label: 'Harsh braking', tone: 840, beeps: 1 },
  { bit: 0x1000, label: 'Door opened', tone: 760, beeps: 1 },
  { bit: 0x8, label: 'Geozone entered', tone: 620, beeps: 1 },
  { bit: 0x10, label: 'Geozone left', tone: 580, beeps: 1 },
  { bit: 0x40, label: 'Refuel', tone: 540, beeps: 1 },
  { bit: 0x800, label: 'Photo', tone: 500, beeps: 1 },
  { bit: 0x1, label: 'Ignition on', tone: 440, beeps: 1 },
  { bit: 0x2, label: 'Ignition off', tone: 400, beeps: 1 },
];

/** The kind that names an event: the first known bit in order of urgency, else its lowest set bit. */
export function eventKind(type: number): EventKind {
  const known = KNOWN.find((k) => (type & k.bit) !== 0);
  if (known) return known;
  const low = type & -type;
  return { bit: low, label: low ? `Event type 0x${low.toString(16)}` : 'Event', tone: 600, beeps: 1 };
}

export function isAlarm(type: number): boolean {
  return (type & 0x8000) !== 0 || (type & 0x200) !== 0;
}

export const KNOWN_KINDS: readonly EventKind[] = KNOWN;
