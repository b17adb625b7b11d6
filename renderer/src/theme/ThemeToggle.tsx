import { useTranslation } from 'react-i18next';
import { theme, useTheme } from './theme';

/**
 * One press switches light ↔ dark and remembers it (until then the system's choice applies).
 * The name stays "Dark theme" (a toggle's name must not change with its state); ": on"/": off"
 * shows the theme in force to the eye, aria-pressed says it to a screen reader. On a narrow bar
 * a moon stands for the words, which stay for readers and as the tooltip (top-bar-fold.css).
 */
export function ThemeToggle() {
  const { t } = useTranslation('theme');
  const current = useTheme();
  return (
    <button type="button" className="theme-toggle" title={t('dark')} aria-pressed={current === 'dark'} onClick={() => theme.set(current === 'dark' ? 'light' : 'dark')}>
      <svg className="theme-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M13.5 10.2A6 6 0 0 1 5.8 2.5a6 6 0 1 0 7.7 7.7Z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
      <span className="theme-name">{t('dark')}</span>
      <span aria-hidden="true">{current === 'dark' ? t('on') : t('off')}</span>
    </button>
  );
}
