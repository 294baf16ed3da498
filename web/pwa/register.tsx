// The service worker's registration (issue 28), fetched after the play screen is up (web/pwa/early.ts):
// importing the module registers it.
// A new version of the app waits (vite.config.ts: registerType 'prompt') until the player asks for it:
// never a reload by itself in the middle of a game.
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Workbox } from 'workbox-window';
import { loadAllEnglish } from '../i18n';
import './pwa.css';

/** How often an open tab asks whether a new version of the app is out. */
const UPDATE_CHECK_MS = 60 * 60_000;

/** The update prompt's toast id: one prompt however many versions arrive. */
const UPDATE_TOAST = 'pwa-update';

function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="update-prompt" data-testid="update-prompt">
      <span>{t('pwa.updateReady')}</span>
      <button type="button" className="button button-primary" onClick={onReload}>
        {t('pwa.reload')}
      </button>
    </span>
  );
}

/**
 * The waiting version takes over when the player clicks (SKIP_WAITING, web/sw.ts), and the page reloads
 * once it controls the page, so the new shell and its chunks come together.
 */
function update(workbox: Workbox): void {
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

async function showUpdatePrompt(workbox: Workbox): Promise<void> {
  // The prompt's words are in the part of English the first load leaves out.
  await loadAllEnglish().catch(() => undefined);
  toast(() => <UpdatePrompt onReload={() => update(workbox)} />, {
    id: UPDATE_TOAST,
    duration: Infinity,
  });
}

/** Registers /sw.js (web/sw.ts as built) and offers each new version that comes to wait. */
async function registerServiceWorker(): Promise<void> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => void showUpdatePrompt(workbox));
  await workbox.register();
  // Web Push (issue 29): a device subscribed with an older VAPID key (the keys were rotated) subscribes anew.
  if ('PushManager' in window && 'Notification' in window && Notification.permission === 'granted')
    void import('../api/push')
      .then(async (push) => push.renewPushSubscription(await navigator.serviceWorker.ready))
      .catch((error: unknown) => console.warn('The push subscription could not be renewed', error));
  // A tab kept open for hours (a table game) learns of a new version too: the browser looks by itself only
  // when a page is opened.
  setInterval(() => void workbox.update(), UPDATE_CHECK_MS);
}

// A browser may refuse service workers (a private window, a policy, a test that blocks them): the app then
// works online as before, with no offline start. Nothing the player can act on, so not an error.
registerServiceWorker().catch((error: unknown) =>
  console.warn('The service worker could not be registered', error),
);
