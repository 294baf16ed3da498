import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// i18n first: the API client and every screen read the language it sets up.
import { storedLanguage, switchLanguage } from './i18n';
import { App } from './App';
import { registerServiceWorkerLater } from './pwa/early';
import './styles.css';

// The service worker (web/sw.ts) registers once the page has loaded and the browser is idle.
registerServiceWorkerLater();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function render(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// A Croatian visitor's strings are a chunk of their own: the first render waits for them (no English flash);
// English is in the entry already, so its switch ends at once. A chunk that fails to load leaves English.
switchLanguage(storedLanguage())
  .catch((error: unknown) => console.error('The stored language could not be loaded', error))
  .finally(() => render(root));
