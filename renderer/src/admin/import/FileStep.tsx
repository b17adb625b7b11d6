import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSheet } from '../../../../common/methods/jobs';
import { RpcError, rpc } from '../../rpc/client';

/** Largest file read: 3,000 rows of a dozen columns is far below, a stray video is refused before it crosses. */
const MAX_BYTES = 20 * 1024 * 1024;

/** Step 1: a CSV or XLSX file, read on the main side (the same reader as the command line). */
export function FileStep({ onSheet }: { onSheet: (s: ImportSheet) => void }) {
  const { t } = useTranslation('admin');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const read = async (file: File) => {
    if (file.size > MAX_BYTES) return setError(t('import.file.tooBig', { name: file.name, mb: Math.round(file.size / 1048576) }));
    setBusy(true);
    setError(null);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      onSheet(await rpc('jobs/import-parse', { fileName: file.name, bytes }));
    } catch (e) {
      setError(e instanceof RpcError ? e.text : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="import-step" aria-label={t('import.file.step')}>
      <p>{t('import.file.intro')}</p>
      <label className="file-pick">
        {t('import.file.pick')}
        <input
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void read(f);
          }}
        />
      </label>
      {busy && <p role="status">{t('import.file.reading')}</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
