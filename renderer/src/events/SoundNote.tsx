import { useTranslation } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { audioUnlock } from './beep';

/**
 * A console opened and left alone plays no alarm: the browser lets audio start only after a
 * click or a key press (beep.ts unlocks it at the first one). Until then the panel says so.
 */
export function SoundNote() {
  const { t } = useTranslation('events');
  const unlocked = useSyncExternalStore(audioUnlock.subscribe, audioUnlock.get);
  if (unlocked) return null;
  return (
    <p role="status" className="hint sound-note">
      {t('sound.enable')}
    </p>
  );
}
