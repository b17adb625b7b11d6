import './top-bar-fold.css';

/** A small line icon for each screen tab, drawn in the text colour, so a folded tab still says which screen it is. */
const PATHS: Record<string, string> = {
  '/live': 'M8 1.5a4.5 4.5 0 0 0-4.5 4.5c0 3.4 4.5 8.5 4.5 8.5s4.5-5.1 4.5-8.5A4.5 4.5 0 0 0 8 1.5Zm0 6.3a1.8 1.8 0 1 1 0-3.6 1.8 1.8 0 0 1 0 3.6Z',
  '/history': 'M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM8 4v4l2.8 1.8',
  '/reports': 'M2 14.5h12M4 12V8m4 4V3.5m4 8.5V6',
  '/files': 'M4 1.5h5l3.5 3.5v9.5h-8.5ZM9 1.5V5h3.5',
  '/admin': 'M2 2.5h12v11H2ZM2 6h12M2 9.5h12M6 2.5v11',
  '/settings': 'M2 3h12M2 8h12M2 13h12M5.5 1.5v3m5 2v3m-3 2v3',
};

export function ScreenIcon({ route }: { route: string }) {
  const d = PATHS[route];
  if (!d) return null;
  return (
    <svg className="tab-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
