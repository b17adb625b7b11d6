import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { NextIcon, PauseIcon, PlayIcon, PrevIcon } from '../icons';
import { PLAYER_SPEEDS } from './player';
import type { Player } from './clock';

interface Props {
  player: Player;
  disabled: boolean;
  onStep: (dir: 1 | -1) => void;
}

export function PlayerBar({ player, disabled, onStep }: Props) {
  const { t } = useTranslation('history');
  const s = useSyncExternalStore(player.subscribe, player.getState);
  return (
    <div className="history-player" role="group" aria-label={t('player.group')}>
      <button type="button" disabled={disabled} aria-label={t('player.prev')} onClick={() => onStep(-1)}>
        <PrevIcon />
      </button>
      {s.playing ? (
        <button type="button" className="primary" aria-label={t('player.pause')} onClick={() => player.pause()}>
          <PauseIcon /> {t('player.pause')}
        </button>
      ) : (
        <button type="button" className="primary" disabled={disabled} aria-label={t('player.play')} onClick={() => player.play()}>
          <PlayIcon /> {t('player.play')}
        </button>
      )}
      <button type="button" disabled={disabled} aria-label={t('player.next')} onClick={() => onStep(1)}>
        <NextIcon />
      </button>
      <label>
        <span className="speed-word">{t('player.speed')}</span>
        <select aria-label={t('player.replaySpeed')} value={s.speed} onChange={(e) => player.setSpeed(Number(e.target.value))}>
          {PLAYER_SPEEDS.map((v) => (
            <option key={v} value={v}>
              {t(v === 1 ? 'player.realTime' : 'player.times', { v })}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={s.skipParkings} onChange={(e) => player.setSkipParkings(e.target.checked)} />
        {t('player.skipParkings')}
      </label>
      <label className="check">
        <input type="checkbox" checked={s.follow} onChange={(e) => player.setFollow(e.target.checked)} />
        {t('player.follow')}
      </label>
    </div>
  );
}
