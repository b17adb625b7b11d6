import { useTranslation } from 'react-i18next';
import { useEffect, useState, type KeyboardEvent, type PointerEvent } from 'react';

const KEY = 'fleet.live.listWidth';
const MIN = 300;
const MAX = 900;

function clamp(w: number): number {
  return Math.max(MIN, Math.min(MAX, Math.round(w)));
}

/** Drag (or arrow keys) to size the object list against the map; the width is remembered. */
export function Splitter() {
  const { t } = useTranslation('list');
  const [width, setWidth] = useState(() => clamp(Number(localStorage.getItem(KEY)) || 460));
  useEffect(() => {
    document.documentElement.style.setProperty('--list-w', `${width}px`);
    localStorage.setItem(KEY, String(width));
  }, [width]);
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    const startX = e.clientX;
    const start = width;
    const move = (ev: globalThis.PointerEvent) => setWidth(clamp(start + ev.clientX - startX));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') setWidth((w) => clamp(w - 20));
    if (e.key === 'ArrowRight') setWidth((w) => clamp(w + 20));
  };
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('splitter')}
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onDown}
      onKeyDown={onKey}
    />
  );
}
