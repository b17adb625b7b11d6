import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';
import type { Binding } from './keymap-core';
import { SCREEN_KEYS, SCREEN_PREFIX } from './screens-keymap';

interface Props {
  /** The dialog's title, a key of the `shortcuts` namespace. */
  titleKey: string;
  bindings: readonly Binding<string>[];
  onClose: () => void;
}

/** A screen's shortcuts (`?`), from the same table its handler reads, then the screen switch shared by all. */
export function KeymapHelp({ titleKey, bindings, onClose }: Props) {
  const { t } = useTranslation('shortcuts');
  return (
    <Dialog title={t(titleKey)} onClose={onClose} className="help-dialog">
      <table className="shortcuts" aria-label={t(titleKey)}>
        <tbody>
          {bindings.map((b) => (
            <tr key={b.action}>
              <th scope="row">
                {b.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ` ${t('screens.or')} `}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </th>
              <td>{t(b.textKey)}</td>
            </tr>
          ))}
        </tbody>
        {/* One table, so the screen switch's keys line up with the screen's own. */}
        <tbody>
          <tr>
            <th colSpan={2} scope="colgroup" style={{ textAlign: 'start', paddingTop: '0.8em' }}>
              {t('screens.title')}
            </th>
          </tr>
          {SCREEN_KEYS.map((s) => (
            <tr key={s.route}>
              <th scope="row">
                <kbd>{SCREEN_PREFIX}</kbd> <kbd>{s.key}</kbd>
              </th>
              <td>{t(s.textKey)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="buttons">
        <button type="button" onClick={onClose}>
          {t('screens.close')}
        </button>
      </div>
    </Dialog>
  );
}
