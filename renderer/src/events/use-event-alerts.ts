import { useEffect } from 'react';
import { fleetStore } from '../stores/fleet-store';
import { i18n } from '../i18n';
import { alertPlan, titleFor } from './alert-plan';
import { beep } from './beep';
import { eventsStore, useEvents } from './events-store';
import { soundPrefs } from './sound-prefs';

/** The main window's alerts: title count, a beep per kind and desktop notifications for new feed events (kinds muted under Alerts get neither). */
export function useEventAlerts(): void {
  const view = useEvents();
  const count = view.feed.length;
  useEffect(() => {
    document.title = titleFor(count);
  }, [count]);
  useEffect(() => () => void (document.title = titleFor(0)), []);

  useEffect(
    () =>
      eventsStore.onNew((events) => {
        const plan = alertPlan(events, soundPrefs.get(), (id) => fleetStore.objectsById.get(id)?.Name ?? i18n.t('events:object', { id }));
        plan.sounds.forEach((k, i) => setTimeout(() => beep(k.tone, k.beeps), i * 700));
        // The permission is read over a synchronous call to the browser: only when there is something to show.
        if (!plan.notifications.length || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
        for (const n of plan.notifications) {
          try {
            new Notification(n.title, { body: n.body, tag: n.tag });
          } catch {
            /* some hosts expose the API but refuse construction: the list and title still tell */
          }
        }
      }),
    [],
  );
}
