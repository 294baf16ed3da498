// The part of the installable app (issue 28) in the first load, kept tiny: the connection's state, and the
// service worker's registration (./register, with workbox-window) fetched once the page has loaded and the
// browser is idle, so the play screen is interactive first. The browser's offer to install is caught by
// index.html's inline script; what shows (the offline banner, the practice offer, the Install button, the
// update prompt) are chunks of their own.
import { useSyncExternalStore } from 'react';

const onConnectionChange = (listener: () => void) => {
  addEventListener('online', listener);
  addEventListener('offline', listener);
  return () => {
    removeEventListener('online', listener);
    removeEventListener('offline', listener);
  };
};

/** Whether the browser has a network connection (navigator.onLine, kept current by its events). */
export const useOnline = (): boolean => useSyncExternalStore(onConnectionChange, () => navigator.onLine);

/** Registers the service worker once the page has loaded and the browser is idle (the built app only). */
export function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./register');
  // Safari has no requestIdleCallback.
  addEventListener('load', () =>
    'requestIdleCallback' in window ? requestIdleCallback(register) : register(),
  );
}
