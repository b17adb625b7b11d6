/**
 * What to sound and notify for a batch of new events (pure, so it is unit-tested). A muted
 * kind raises neither: an operator who mutes a chatty kind wants it quiet on the desktop too.
 */
import type { FleetEvent } from '../../../common/resources';
import { eventKind, type EventKind } from './event-types';
import { i18n } from '../i18n';

export interface AlertPlan {
  /** One beep pattern per kind present and not muted, most urgent first (at most three). */
  sounds: EventKind[];
  /** One notification per unmuted event when few, else one summary, so a burst does not bury the desktop. */
  notifications: { title: string; body: string; tag: string }[];
}

const MAX_SINGLE_NOTIFICATIONS = 3;

/** Each kind once, in order of first appearance: a burst of thousands translates each kind's name once. */
function kindsInOrder(events: readonly FleetEvent[]): Iterable<EventKind> {
  const kinds = new Map<number, EventKind>();
  for (const e of events) {
    const k = eventKind(e.Type);
    if (!kinds.has(k.bit)) kinds.set(k.bit, k);
  }
  return kinds.values();
}

export function alertPlan(events: readonly FleetEvent[], muted: ReadonlySet<number>, nameOf: (id: number) => string): AlertPlan {
  const loud = events.filter((e) => !muted.has(eventKind(e.Type).bit));
  const kinds = [...kindsInOrder(loud)];
  const sounds = [...kinds].sort((a, b) => b.tone - a.tone).slice(0, 3);
  const notifications =
    loud.length === 0
      ? []
      : loud.length <= MAX_SINGLE_NOTIFICATIONS
        ? loud.map((e) => ({ title: `${eventKind(e.Type).label}: ${nameOf(e.ObjectId)}`, body: e.Text ?? '', tag: `event-${e.Id}` }))
        : [{ title: i18n.t('events:alerts.burst', { count: loud.length }), body: kinds.map((k) => k.label).join(', '), tag: 'events-burst' }];
  return { sounds, notifications };
}

/** The window title carries the count, so it shows in the taskbar while the console is behind other windows. */
export function titleFor(unacknowledged: number): string {
  const name = i18n.t('app:title');
  return unacknowledged > 0 ? `(${unacknowledged}) ${name}` : name;
}
