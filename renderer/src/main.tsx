import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { startPreferences } from './settings/load';
import { App } from './App';
import { LinkBanner } from './ui/LinkBanner';
import './styles.css';

// Units, clock, zone rule and language from the core, before the first frame where remembered.
startPreferences();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LinkBanner />
    <App />
  </StrictMode>,
);
