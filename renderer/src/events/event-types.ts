/**
 * Event.Type is a bitmask whose meanings the spec leaves open; these are the bits the
 * service family we target (and the simulator) uses. Unknown bits still get a name,
 * so a new rule on the server is shown, sounded and mutable like the rest.
 */
import { i18n } from '../i18n';

export interface EventKind {
  bit: number;
  /** In the screen's language, read when drawn. */
  readonly label: string;
  /** Beep pitch (Hz) and count: alarms sound higher and twice. */
  tone: number;
  beeps: number;
}

/** The label is a getter: the table is built once, its words are read in the language of the moment. */
function kind(bit: number, key: string, tone: number, beeps: number): EventKind {
  return {
    bit,
    tone,
    beeps,
    get label() {
      return i18n.t(`events:kinds.${key}`);
    },
  };
}

const KNOWN: EventKind[] = [
  // Named before the alarm bit they carry: "Towing" says more than "Alarm", and they sound as alarms.
  kind(0x10000, 'towing', 1320, 3),
  kind(0x2000, 'powerCut', 1320, 3),
  kind(0x8000, 'alarm', 1320, 3),
  kind(0x200, 'commandFailed', 990, 2),
  kind(0x100, 'commandDelivered', 660, 1),
  kind(0x80, 'fuelDrain', 1100, 2),
  kind(0x400, 'connectionLost', 520, 2),
  kind(0x4000, 'lowBattery', 700, 2),
  kind(0x4, 'speeding', 880, 2),
  kind(0x20, 'harshBraking', 840, 1),
  kind(0x1000, 'doorOpened', 760, 1),
  kind(0x8, 'geozoneEntered', 620, 1),
  kind(0x10, 'geozoneLeft', 580, 1),
  kind(0x40, 'refuel', 540, 1),
  kind(0x800, 'photo', 500, 1),
  kind(0x1, 'ignitionOn', 440, 1),
  kind(0x2, 'ignitionOff', 400, 1),
];

/**
 * Kinds by Event.Type: a catch-up after an outage names thousands of events of a few types,
 * and each was a scan of the table (an unknown type a new object too). Bounded, as the types
 * are whatever the server sends.
 */
const byType = new Map<number, EventKind>();
const MAX_TYPES_KEPT = 1024;

/** The kind that names an event: the first known bit in order of urgency, else its lowest set bit. */
export function eventKind(type: number): EventKind {
  let k = byType.get(type);
  if (k === undefined) {
    k = kindOf(type);
    if (byType.size < MAX_TYPES_KEPT) byType.set(type, k);
  }
  return k;
}

function kindOf(type: number): EventKind {
  const known = KNOWN.find((k) => (type & k.bit) !== 0);
  if (known) return known;
  const low = type & -type;
  return {
    bit: low,
    tone: 600,
    beeps: 1,
    get label() {
      return low ? i18n.t('events:kinds.typeBit', { hex: low.toString(16) }) : i18n.t('events:kinds.event');
    },
  };
}

export function isAlarm(type: number): boolean {
  return (type & 0x8000) !== 0 || (type & 0x200) !== 0;
}

export const KNOWN_KINDS: readonly EventKind[] = KNOWN;
