/**
 * Short WebAudio beeps. Browsers only let audio start after a user gesture, so the context
 * is created (or resumed) on the first pointer or key press of the session.
 */
import { createStore } from '../stores/create-store';
import { preferences } from '../stores/preferences';

let ctx: AudioContext | null = null;
/** Whether the first gesture came: until then the screen says a click is needed (SoundNote). */
const unlocked = createStore(false);

function unlock() {
  try {
    ctx ??= new AudioContext();
    void ctx.resume();
  } catch {
    /* no audio device: events are still listed and notified */
  }
  // After the click has reached its target: a store change here renders at once, with any
  // live update waiting beside it, and that render put back the state of the checkbox the
  // click had just ticked, so the session's first tick was lost.
  setTimeout(() => unlocked.set(true), 0);
}

export const audioUnlock = {
  get: unlocked.get,
  subscribe: unlocked.subscribe,
};

if (typeof window !== 'undefined') {
  // On the click, not the press: the note this removes sits above the event list, and the list
  // moving up between press and release sent the operator's first click to another row.
  window.addEventListener('click', unlock, { once: true, capture: true });
  window.addEventListener('keydown', unlock, { once: true, capture: true });
}

export function beep(hz: number, times: number): void {
  // Alarm sounds off on the Settings screen: events are still listed, counted and notified.
  if (!preferences.get().alarmSounds) return;
  if (!ctx || ctx.state !== 'running') return;
  const t0 = ctx.currentTime;
  for (let i = 0; i < times; i++) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = hz;
    osc.type = 'sine';
    const at = t0 + i * 0.22;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.18);
  }
}
