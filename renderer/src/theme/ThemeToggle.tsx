import { useTranslation } from 'react-i18next';
import { theme, useTheme } from './theme';

/**
 * One press switches light ↔ dark and remembers it (until then the system's choice applies).
 * The name stays "Dark theme" (a toggle's name must not change with its state); ": on"/": off"
 * shows the theme in force to the eye, aria-pressed says it to a screen reader.
 */
export function ThemeToggle() {
  const { t } = useTranslation('theme');
  const current = useTheme();
  return (
    <button type="button" className="theme-toggle" aria-pressed={current === 'dark'} onClick={() => theme.set(current === 'dark' ? 'light' : 'dark')}>
      {t('dark')}
      <span aria-hidden="true">{current === 'dark' ? t('on') : t('off')}</span>
    </button>
  );
}
