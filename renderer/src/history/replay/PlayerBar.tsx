import { useSyncExternalStore } from 'react';
import { NextIcon, PauseIcon, PlayIcon, PrevIcon } from '../icons';
import { PLAYER_SPEEDS } from './player';
import type { Player } from './clock';

interface Props {
  player: Player;
  disabled: boolean;
  onStep: (dir: 1 | -1) => void;
}

export function PlayerBar({ player, disabled, onStep }: Props) {
  const s = useSyncExternalStore(player.subscribe, player.getState);
  return (
    <div className="history-player" role="group" aria-label="Player">
      <button type="button" disabled={disabled} aria-label="Previous point" onClick={() => onStep(-1)}>
        <PrevIcon />
      </button>
      {s.playing ? (
        <button type="button" className="primary" aria-label="Pause" onClick={() => player.pause()}>
          <PauseIcon /> Pause
        </button>
      ) : (
        <button type="button" className="primary" disabled={disabled} aria-label="Play" onClick={() => player.play()}>
          <PlayIcon /> Play
        </button>
      )}
      <button type="button" disabled={disabled} aria-label="Next point" onClick={() => onStep(1)}>
        <NextIcon />
      </button>
      <label>
        <span className="speed-word">Speed</span>
        <select aria-label="Replay speed" value={s.speed} onChange={(e) => player.setSpeed(Number(e.target.value))}>
          {PLAYER_SPEEDS.map((v) => (
            <option key={v} value={v}>
              {v}×{v === 1 ? ' (real time)' : ''}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={s.skipParkings} onChange={(e) => player.setSkipParkings(e.target.checked)} />
        Skip parkings
      </label>
      <label className="check">
        <input type="checkbox" checked={s.follow} onChange={(e) => player.setFollow(e.target.checked)} />
        Follow the vehicle
      </label>
    </div>
  );
}
