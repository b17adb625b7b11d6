/** Inline icons: emoji and media symbols are missing from many Linux fonts and show as boxes. */
const common = { width: 14, height: 14, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

export const CameraIcon = () => (
  <svg {...common}>
    <path fill="currentColor" d="M5.5 2h5l1 2H14a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h2.5zM8 6a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" />
  </svg>
);
export const PrevIcon = () => (
  <svg {...common}>
    <path fill="currentColor" d="M3 3h2v10H3zM13 3v10L6 8z" />
  </svg>
);
export const NextIcon = () => (
  <svg {...common}>
    <path fill="currentColor" d="M11 3h2v10h-2zM3 3v10l7-5z" />
  </svg>
);
export const PlayIcon = () => (
  <svg {...common}>
    <path fill="currentColor" d="M4 2v12l10-6z" />
  </svg>
);
export const PauseIcon = () => (
  <svg {...common}>
    <path fill="currentColor" d="M3 2h4v12H3zM9 2h4v12H9z" />
  </svg>
);
