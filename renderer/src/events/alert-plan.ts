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

export function alertPlan(events: readonly FleetEvent[], muted: ReadonlySet<number>, nameOf: (id: number) => string): AlertPlan {
  const kinds = new Map<number, EventKind>();
  const loud = events.filter((e) => !muted.has(eventKind(e.Type).bit));
  for (const e of loud) {
    const k = eventKind(e.Type);
    kinds.set(k.bit, k);
  }
  const sounds = [...kinds.values()].sort((a, b) => b.tone - a.tone).slice(0, 3);
  const notifications =
    loud.length === 0
      ? []
      : loud.length <= MAX_SINGLE_NOTIFICATIONS
        ? loud.map((e) => ({ title: `${eventKind(e.Type).label}: ${nameOf(e.ObjectId)}`, body: e.Text ?? '', tag: `event-${e.Id}` }))
        : [{ title: i18n.t('events:alerts.burst', { count: loud.length }), body: [...new Set(loud.map((e) => eventKind(e.Type).label))].join(', '), tag: 'events-burst' }];
  return { sounds, notifications };
}

/** The window title carries the count, so it shows in the taskbar while the console is behind other windows. */
export function titleFor(unacknowledged: number): string {
  const name = i18n.t('app:title');
  return unacknowledged > 0 ? `(${unacknowledged}) ${name}` : name;
}
