import { useTranslation } from 'react-i18next';
import { ERROR_TEXT } from '../../../common/errors';
import { fmtShort } from './time-format';
import type { HistoryState } from './model/use-history';

/** How complete the picture is: fetching (with progress), stopped (and why), or what the cache lacks. */
export function ProgressNote({ hist, tz, missing, loadDone, objectName, onRetry }: { hist: HistoryState; tz: string; missing: [number, number][]; loadDone: boolean; objectName?: string; onRetry: () => void }) {
  const { t } = useTranslation('history');
  const p = hist.progress;
  const again = (
    <button type="button" onClick={onRetry}>
      {t('common.tryAgain')}
    </button>
  );
  if (hist.error)
    return (
      <p role="alert" className="history-note error">
        {hist.error} {again}
      </p>
    );
  if (hist.loading && !hist.data) return <p role="status" className="history-note">{t('progress.reading')}</p>;
  if (p && !p.done) {
    const pct = p.totalMs > 0 ? Math.round((100 * p.fetchedMs) / p.totalMs) : 0;
    return (
      <div className="history-note" role="status">
        {t('progress.fetching', { pct })}
        <progress aria-label={t('progress.download')} max={100} value={pct} />
        {p.retrying ? (
          // Waiting is not stuck: said with why and when the next try is.
          <span className="warn">
            {ERROR_TEXT[p.retrying.error.code] ?? p.retrying.error.message} {t('progress.retryIn', { s: Math.round(p.retrying.inMs / 1000) })}
          </span>
        ) : (
          <span className="muted">{t('progress.cachedShown')}</span>
        )}
      </div>
    );
  }
  if (!loadDone || !hist.data || hist.loading) return null;
  // Said once the whole interval is in: an operator (and the e2e suite) can tell a finished
  // picture from one still filling in.
  const empty = hist.data.track.time.length === 0 && hist.data.events.length === 0;
  if (missing.length === 0 && empty)
    // Loaded, and nothing in it: "whole interval loaded" beside 0.0 km read as a parked vehicle.
    return (
      <p role="status" className="history-note warn">
        {t('progress.noData', { name: objectName ?? t('progress.theObject'), from: fmtShort(hist.data.from, tz), till: fmtShort(hist.data.till, tz) })}
      </p>
    );
  if (missing.length === 0) return <p role="status" className="history-note muted">{t('progress.whole')}</p>;
  const offline = p?.error?.code === 'offline';
  if (empty)
    // Nothing was last seen and there is no rest to show: the partial wording below would mislead.
    return (
      <p role="status" className="history-note warn" aria-label={t('progress.missingParts')}>
        {p?.error && <b>{ERROR_TEXT[p.error.code] ?? p.error.message} </b>}
        {t(offline ? 'progress.nothingCachedOffline' : 'progress.nothingCached')}
        {p?.error && <> {again}</>}
      </p>
    );
  const why = p?.error ? ERROR_TEXT[p.error.code] ?? p.error.message : p?.cancelled ? t('progress.stopped') : '';
  const shown = missing.slice(0, 4).map(([a, b]) => `${fmtShort(a, tz)} – ${fmtShort(b, tz)}`);
  return (
    <p role="status" className="history-note warn" aria-label={t('progress.missingParts')}>
      {why && <b>{why} </b>}
      {missing.length > 4 ? t('progress.notCachedMore', { parts: shown.join('; '), count: missing.length - 4 }) : t('progress.notCached', { parts: shown.join('; ') })} {t('progress.restShown')}
      {p?.error && <> {again}</>}
    </p>
  );
}
