import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { App } from './App';
import { LinkBanner } from './ui/LinkBanner';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LinkBanner />
    <App />
  </StrictMode>,
);
