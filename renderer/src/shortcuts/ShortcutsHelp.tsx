import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';
import { SHORTCUTS } from './keymap';

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shortcuts');
  return (
    <Dialog title={t('live.title')} onClose={onClose} className="help-dialog">
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action}>
              <th scope="row">
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && t('live.or')}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </th>
              <td>{t(`live.actions.${s.action}`)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">
              <kbd>↑</kbd> <kbd>↓</kbd>
            </th>
            <td>{t('live.move')}</td>
          </tr>
          <tr>
            <th scope="row">
              <kbd>{t('live.keys.ctrl')}</kbd>/<kbd>{t('live.keys.shift')}</kbd>{t('live.click')}<kbd>{t('live.keys.space')}</kbd>
            </th>
            <td>{t('live.mark')}</td>
          </tr>
        </tbody>
      </table>
      <div className="buttons">
        <button type="button" onClick={onClose}>
          {t('live.close')}
        </button>
      </div>
    </Dialog>
  );
}
