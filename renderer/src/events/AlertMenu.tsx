import { useTranslation } from 'react-i18next';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { KNOWN_KINDS } from './event-types';
import { placePopup, type Placement } from './popup-place';
import { soundPrefs, useMuted } from './sound-prefs';

/**
 * A checkbox per event kind; an unticked kind neither beeps nor raises a desktop notification
 * (kept across restarts). The popup is fixed to the viewport, not nested in the scrolling
 * events column, which clipped it to a few fragments of its labels.
 */
export function AlertMenu() {
  const { t } = useTranslation('events');
  const muted = useMuted();
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<Placement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLFieldSetElement>(null);
  const id = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    setPlace(null);
    if (refocus) button.current?.focus();
  };

  useLayoutEffect(() => {
    if (!open) return;
    const measure = () => {
      const b = button.current;
      const p = popup.current;
      if (!b || !p) return;
      // scrollHeight: the whole list even while a max-height from the last placement applies.
      setPlace(placePopup(b.getBoundingClientRect(), { width: p.offsetWidth, height: p.scrollHeight }, { width: window.innerWidth, height: window.innerHeight }));
    };
    measure();
    window.addEventListener('resize', measure);
    // The column scrolls under a fixed popup: follow the button.
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [open]);

  const placed = place !== null;
  useEffect(() => {
    // Only once placed: the popup is hidden while it is measured, and hidden fields take no focus.
    if (open && placed) popup.current?.querySelector('input')?.focus();
  }, [open, placed]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!popup.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  return (
    <div
      className="alert-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          // Escape here closes the menu only, not whatever the window does with Escape.
          e.stopPropagation();
          close(true);
        }
      }}
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget !== null) close(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        title={t('alertMenu.title')}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        {t('alertMenu.button')}
      </button>
      {open && (
        <fieldset
          ref={popup}
          id={id}
          className="alert-menu-popup"
          style={place ? { left: place.left, top: place.top, maxHeight: place.maxHeight } : { left: 0, top: 0, visibility: 'hidden' }}
        >
          <legend>{t('alertMenu.legend')}</legend>
          {KNOWN_KINDS.map((k) => (
            <label key={k.bit}>
              <input type="checkbox" checked={!muted.has(k.bit)} onChange={(e) => soundPrefs.setMuted(k.bit, !e.target.checked)} />
              {k.label}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
