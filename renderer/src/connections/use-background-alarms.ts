import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionInfo } from '../../../common/methods/session';
import { beep } from '../events/beep';
import { soundPrefs } from '../events/sound-prefs';

/** The "Alarm" kind's bit, its tone and beeps (events/event-types.ts): a background alarm sounds like one on screen. */
const ALARM_BIT = 0x8000;
const ALARM_TONE = 1320;
const ALARM_BEEPS = 3;

/**
 * A connection in the background raises its alarms: when its count of unacknowledged alarms
 * grows, the alarm tone sounds (unless "Alarm" is muted under Alerts) and a desktop
 * notification names the connection, so the operator knows where to switch. A connection
 * that just left the foreground is not compared: its count did not grow, it moved.
 */
export function useBackgroundAlarms(list: readonly ConnectionInfo[] | null, nameOf: (c: ConnectionInfo) => string): void {
  const { t } = useTranslation('connections');
  const last = useRef(new Map<string, ConnectionInfo>());
  useEffect(() => {
    if (!list) return;
    const before = last.current;
    last.current = new Map(list.map((c) => [c.profileId, c]));
    const grew = list.filter((c) => {
      const was = before.get(c.profileId);
      return was && !was.foreground && !c.foreground && c.alarms !== null && was.alarms !== null && c.alarms > was.alarms;
    });
    if (!grew.length || soundPrefs.isMuted(ALARM_BIT)) return;
    beep(ALARM_TONE, ALARM_BEEPS);
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    for (const c of grew) {
      try {
        new Notification(t('alerts.title', { name: nameOf(c) }), { body: t('alerts.body', { count: c.alarms ?? 0 }), tag: `connection-alarms-${c.profileId}` });
      } catch {
        /* some hosts expose the API but refuse construction: the bar's count still tells */
      }
    }
  }, [list, nameOf, t]);
}
