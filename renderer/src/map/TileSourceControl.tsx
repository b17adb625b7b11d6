import { useState } from 'react';
import type { TilesConfig } from '../../../common/methods/tiles';
import { RpcError, rpc } from '../rpc/client';

interface Props {
  config: TilesConfig | null;
  onChange: (c: TilesConfig) => void;
}

/** The tile source setting: any http(s) template with {z}/{x}/{y}; the main side fetches only from it. */
export function TileSourceControl({ config, onChange }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? config?.url ?? '';
  const save = (url: string | null) => {
    setError(null);
    rpc('tiles/setUrl', { url })
      .then((c) => {
        setDraft(null);
        onChange(c);
      })
      .catch((e: unknown) => setError(e instanceof RpcError ? e.text : String(e)));
  };
  return (
    <details className="tile-source">
      <summary>Map tiles</summary>
      <form
        aria-label="Map tile source"
        onSubmit={(e) => {
          e.preventDefault();
          save(value.trim());
        }}
      >
        <label>
          Tile URL
          <input type="text" value={value} spellCheck={false} onChange={(e) => setDraft(e.target.value)} placeholder={config?.defaultUrl} />
        </label>
        <p className="hint">Tiles seen once are kept on this computer and still show offline.</p>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <div className="row-buttons">
          <button type="submit" className="primary">
            Save
          </button>
          <button type="button" onClick={() => save(null)}>
            Use OpenStreetMap
          </button>
        </div>
      </form>
    </details>
  );
}
