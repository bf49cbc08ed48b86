import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders.tsx';
import { registerServiceWorker } from './app/pwa/serviceWorker.ts';
import { initI18n } from './i18n/i18n.ts';
import './app/app.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

registerServiceWorker();

// A Spanish reader's first render waits for the Spanish catalogue (its own chunk), so nothing flashes in English.
void initI18n().then((i18n) => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders i18n={i18n} />
    </StrictMode>,
  );
});
