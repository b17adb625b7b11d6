import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '../../../common/methods/settings';
import { DEFAULT_TILE_URL, isTileUrl } from '../../../common/tile-url';
import type { Save } from './use-save';

/** The map's tile source: every map in every window switches to it once saved (settings/load.ts). */
export function TileSourceForm({ prefs, save, onError }: { prefs: Preferences; save: Save['save']; onError: (e: string) => void }) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? prefs.tileUrl;
  const submit = (url: string) => {
    if (!isTileUrl(url)) return onError(t('data.tileBad'));
    void save({ tileUrl: url }).then((ok) => ok && setDraft(null));
  };
  return (
    <form
      className="st-tiles"
      aria-labelledby="st-tile-label"
      onSubmit={(e) => {
        e.preventDefault();
        submit(value.trim());
      }}
    >
      <label className="st-field st-wide">
        <span id="st-tile-label">{t('data.tileUrl')}</span>
        <input type="text" spellCheck={false} value={value} aria-describedby="st-tile-hint" onChange={(e) => setDraft(e.currentTarget.value)} />
      </label>
      <p className="hint" id="st-tile-hint">
        {t('data.tileHint')}
      </p>
      <div className="row-buttons">
        <button type="submit">{t('data.tileSave')}</button>
        <button type="button" onClick={() => submit(DEFAULT_TILE_URL)}>
          {t('data.tileDefault')}
        </button>
      </div>
    </form>
  );
}
