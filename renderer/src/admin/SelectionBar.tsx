import { Trans, useTranslation } from 'react-i18next';
import { ACTIONS, actionLabel, type ActionInfo } from './actions';

interface Props {
  selected: number;
  shown: number;
  total: number;
  onClear: () => void;
  onAction: (a: ActionInfo) => void;
}

/** Always visible under the table: how many objects are chosen (of how many shown) and what can be done to them. */
export function SelectionBar({ selected, shown, total, onClear, onAction }: Props) {
  const { t } = useTranslation('admin');
  return (
    <div className="selection-bar" role="toolbar" aria-label={t('selection.bar')}>
      <span className="count" role="status" aria-live="polite">
        <Trans t={t} i18nKey="selection.selected" count={selected} components={{ b: <strong /> }} /> ·{' '}
        {shown === total ? t('common.objects', { count: total }) : t('selection.shownOf', { shown, total })}
      </span>
      <button type="button" className="link" disabled={selected === 0} onClick={onClear}>
        {t('selection.clear')}
      </button>
      <span className="spacer" />
      {ACTIONS.map((a) => (
        <button key={a.kind} type="button" className={a.kind === 'delete' ? 'danger-outline' : undefined} disabled={selected === 0} onClick={() => onAction(a)}>
          {actionLabel(a)}
        </button>
      ))}
    </div>
  );
}
