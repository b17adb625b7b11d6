import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { TilesConfig } from '../../../common/methods/tiles';
import { RpcError, rpc } from '../rpc/client';

interface Props {
  config: TilesConfig | null;
  onChange: (c: TilesConfig) => void;
}

/** The tile source setting: any http(s) template with {z}/{x}/{y}; the main side fetches only from it. */
export function TileSourceControl({ config, onChange }: Props) {
  const { t } = useTranslation('map');
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? config?.url ?? '';
  const save = async (url: string | null) => {
    setError(null);
    // Checked here with the core's own rule, so the operator reads what a tile URL must be,
    // not the contract's "Invalid arguments for tiles/setUrl". The rule's module (and zod) is
    // loaded when a URL is saved, not with the map (decision 0085).
    const { TileUrlSchema } = await import('../../../common/methods/tiles');
    const checked = url === null ? null : TileUrlSchema.safeParse(url);
    if (checked && !checked.success) {
      setError(t('tiles.notTile', { why: checked.error.issues.map((i) => i.message).join('; ') }));
      return;
    }
    rpc('tiles/setUrl', { url })
      .then((c) => {
        setDraft(null);
        onChange(c);
      })
      .catch((e: unknown) => setError(e instanceof RpcError ? e.text : String(e)));
  };
  return (
    <details className="tile-source">
      <summary>{t('tiles.summary')}</summary>
      <form
        aria-label={t('tiles.form')}
        onSubmit={(e) => {
          e.preventDefault();
          void save(value.trim());
        }}
      >
        <label>
          {t('tiles.url')}
          <input
            type="text"
            value={value}
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={error ? 'tile-url-error' : undefined}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={config?.defaultUrl}
          />
        </label>
        <p className="hint">{t('tiles.offline')}</p>
        {error && (
          <p role="alert" className="error" id="tile-url-error">
            {error}
          </p>
        )}
        <div className="row-buttons">
          <button type="submit" className="primary">
            {t('tiles.save')}
          </button>
          <button type="button" onClick={() => void save(null)}>
            {t('tiles.osm')}
          </button>
        </div>
      </form>
    </details>
  );
}
