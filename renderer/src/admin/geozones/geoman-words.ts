/**
 * Geoman's drawing tooltips and buttons in the console's language: its own tables have
 * Russian but no Lithuanian, and would follow its own setting, not the console's. Given as a
 * language of its own ('fleet', over Geoman's English), read again at every draw.
 */
import type L from 'leaflet';
import { i18n } from '../../i18n';

const TOOLTIPS = ['firstVertex', 'continueLine', 'finishLine', 'finishPoly', 'startCircle', 'finishCircle'] as const;
const ACTIONS = ['finish', 'cancel', 'removeLastVertex'] as const;

export function applyGeomanWords(map: L.Map): void {
  const say = (k: string) => i18n.t(`admin:geozones.geoman.${k}`);
  const tooltips = Object.fromEntries(TOOLTIPS.map((k) => [k, say(k)]));
  const actions = Object.fromEntries(ACTIONS.map((k) => [k, say(k)]));
  map.pm.setLang('fleet' as 'en', { tooltips, actions }, 'en');
}
