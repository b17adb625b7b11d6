import { theme, useTheme } from './theme';

/** One press switches light ↔ dark and remembers it (until then the system's choice applies). */
export function ThemeToggle() {
  const current = useTheme();
  return (
    <button type="button" className="theme-toggle" aria-pressed={current === 'dark'} onClick={() => theme.set(current === 'dark' ? 'light' : 'dark')}>
      Dark theme
    </button>
  );
}
