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
import type { PushPayload } from '../contract/push';

/**
 * The service worker's global scope, as much of it as this file uses: tsconfig.web.json's libraries are the
 * DOM's, which have no ServiceWorkerGlobalScope (and cannot be mixed with the WebWorker library).
 */
declare const self: {
  /** The build's file list, written in by vite-plugin-pwa. */
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
};

/** The parts of the worker-only events this file uses (the DOM library has none of them). */
interface ExtendableEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}

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

// Web Push (issue 29): a player with no tab open is told "your turn" and the like (worker/lib/notifyAway.ts);
// the payload carries the words in their language and the link to open.
self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      // One notification per clash: a newer turn replaces the one before.
      tag: payload.link,
      data: { link: payload.link },
    }),
  );
});

function readPayload(event: PushEvent): PushPayload | null {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (typeof data?.title !== 'string' || typeof data.link !== 'string') return null;
    return { kind: data.kind ?? 'clash-turn', title: data.title, body: data.body ?? '', link: data.link };
  } catch {
    return null;
  }
}

// A tap on the notification: an open tab of the app is focused and sent to the link, else a new window opens
// there. Only a link inside the app is followed.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data as { link?: unknown } | null)?.link;
  const target = new URL(typeof link === 'string' && link.startsWith('/') ? link : '/', self.location.origin);
  event.waitUntil(openAt(target.href));
});

async function openAt(href: string): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    try {
      const focused = await tab.focus();
      // navigate() works on a tab this worker controls only (not one opened before it was installed).
      if (await focused.navigate(href)) return;
    } catch {
      // That tab cannot be sent there: a new window instead.
    }
  }
  await self.clients.openWindow(href);
}
