import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { PlayerResource } from '../../contract/players';
import type { AccountPreferences } from '../../contract/preferences';
import {
  DEFAULT_NOTIFICATION_CHOICES,
  type NotificationChoices,
  type PushKey,
  type PushSubscriptionResource,
} from '../../contract/push';
import { usePreferences } from '../preferences';
import { playerLink, readPreferences } from './account';
import { api, ApiError } from './client';

// Web Push on this device (issue 29) and the player's notification choices. The browser is asked for its
// permission only when the player turns push on (`turnOn`), never on arrival. The subscription goes through
// the app's one service worker registration (/sw.js, web/sw.ts shows the pushes).

export const fetchPushKey = () => api<PushKey>('/push/key');

const postSubscription = (subscription: PushSubscription) =>
  api<PushSubscriptionResource>('/push-subscriptions/', { method: 'POST', body: subscription.toJSON() });

const deleteSubscription = (endpoint: string) =>
  api<void>('/push-subscriptions/', { method: 'DELETE', body: { endpoint } });

/** The browser can push: a service worker, the Push API and notifications. */
export const pushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

/** The app's one registration: the one /sw.js already has, else registering it (the same one, by its URL). */
async function appRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

function base64url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this device with the server's VAPID key and tells the server. A subscription made with another
 * key (the keys were rotated: README "Deploy") cannot be pushed to any more: it is replaced.
 */
async function subscribeDevice(registration: ServiceWorkerRegistration): Promise<void> {
  const { publicKey } = await fetchPushKey();
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && base64url(subscription.options.applicationServerKey) !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await postSubscription(subscription);
}

/** On an app start with push granted: a subscription made with an older VAPID key is made anew. */
export async function renewPushSubscription(registration: ServiceWorkerRegistration): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  const { publicKey } = await fetchPushKey();
  if (base64url(subscription.options.applicationServerKey) !== publicKey) await subscribeDevice(registration);
}

/** What the device's push is: not possible here, refused by the player, off, on, or being changed. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on' | 'busy';

/** This device's push: its state, turning it on (asks for the permission then) and off, and what failed. */
export function usePushDevice() {
  const [state, setState] = useState<PushState>(() => (pushSupported() ? 'busy' : 'unsupported'));
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    void (async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const subscription = await registration?.pushManager.getSubscription();
      if (!live) return;
      if (Notification.permission === 'denied') setState('denied');
      else setState(subscription && Notification.permission === 'granted' ? 'on' : 'off');
    })().catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setFailure(null);
    setState('busy');
    try {
      // The one place the browser's permission is asked: the player pressed "Turn on".
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off');
      await subscribeDevice(await appRegistration());
      setState('on');
    } catch (error) {
      setFailure(error);
      setState('off');
    }
  }, []);

  const turnOff = useCallback(async () => {
    setFailure(null);
    setState('busy');
    try {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await deleteSubscription(subscription.endpoint).catch((error: unknown) => {
          // Already gone on the server (a rotation, a 410): nothing left to delete.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (error) {
      setFailure(error);
      setState('on');
    }
  }, []);

  return { state, failure, turnOn, turnOff };
}

const choicesKey = (playerId: number) => ['preferences', 'notifications', playerId] as const;

/** The player's notification choices; an account with no preferences stored yet has the defaults. */
export function useNotificationChoices(player: PlayerResource) {
  return useQuery({
    queryKey: choicesKey(player.id),
    queryFn: async (): Promise<NotificationChoices> => {
      try {
        return (await readPreferences(player)).notifications ?? DEFAULT_NOTIFICATION_CHOICES;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return DEFAULT_NOTIFICATION_CHOICES;
        throw error;
      }
    },
  });
}

/** Saves the choices whole; the browser's preferences go along, as the route takes them. */
export function useSaveNotificationChoices(player: PlayerResource) {
  const client = useQueryClient();
  const { theme, language, diceSpeed } = usePreferences();
  return useMutation({
    mutationFn: (notifications: NotificationChoices) =>
      api<AccountPreferences>(playerLink(player, 'preferences'), {
        method: 'PUT',
        body: { language, theme, diceSpeed, notifications },
      }),
    onSuccess: (saved) => client.setQueryData(choicesKey(player.id), saved.notifications),
  });
}
