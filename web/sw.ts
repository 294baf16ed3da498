// The app's one service worker (issue 28), built by vite-plugin-pwa (vite.config.ts, injectManifest): it
// precaches every file of the build, so the app opens with no network, and answers every navigation outside
// /api with the precached index.html (the SPA picks the screen). Requests to /api are never cached: they go
// to the network as if there were no worker, and fail offline (web/api/client.ts says so in words).
// A new version waits until the player clicks "Reload to update" (web/pwa/register.ts sends SKIP_WAITING):
// never in the middle of a game by itself. Other handlers (issue 29's push) join this file.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The service worker's global scope, as much of it as this file uses: tsconfig.web.json's libraries are the
 * DOM's, which have no ServiceWorkerGlobalScope (and cannot be mixed with the WebWorker library).
 */
declare const self: {
  /** The build's file list, written in by vite-plugin-pwa. */
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
// The caches of an older Workbox precache format.
cleanupOutdatedCaches();

// A cold start offline at /table, /games/12 or a reload anywhere: the shell, and the router does the rest.
// /api and the Worker's scheduled endpoint are the server's, never the shell's.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/__scheduled/],
  }),
);

// The player clicked "Reload to update": workbox-window's messageSkipWaiting() sends this.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
