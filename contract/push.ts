import * as v from 'valibot';
import type { NotificationKind } from './notifications';

// Web Push and e-mail for a player with no tab open (issue 29): the subscription a browser gives, the VAPID
// key it subscribes with, the payload the service worker shows, and the per-kind, per-channel choices.

/** The kinds that reach a player with no tab open, by push and (if they opt in) by e-mail. */
export const DELIVERED_KINDS = [
  'clash-turn',
  'challenge-accepted',
  'rematch-proposed',
  'clash-turn-warning',
] as const satisfies readonly NotificationKind[];
export type DeliveredKind = (typeof DELIVERED_KINDS)[number];

export const isDeliveredKind = (kind: NotificationKind): kind is DeliveredKind =>
  (DELIVERED_KINDS as readonly NotificationKind[]).includes(kind);

export const CHANNELS = ['push', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Per kind and channel whether the player wants it, and whether they want the daily e-mail digest. */
export interface NotificationChoices {
  kinds: Record<DeliveredKind, Record<Channel, boolean>>;
  digest: boolean;
}

/** Push on for every kind; e-mail (each and the digest) only when asked for. */
export const DEFAULT_NOTIFICATION_CHOICES: NotificationChoices = {
  kinds: {
    'clash-turn': { push: true, email: false },
    'challenge-accepted': { push: true, email: false },
    'rematch-proposed': { push: true, email: false },
    'clash-turn-warning': { push: true, email: false },
  },
  digest: false,
};

/** Stored choices over the defaults: a kind added later is on for push, off for e-mail, until chosen. */
export function notificationChoices(
  stored: Partial<NotificationChoices> | null | undefined,
): NotificationChoices {
  const kinds = Object.fromEntries(
    DELIVERED_KINDS.map((kind) => [
      kind,
      { ...DEFAULT_NOTIFICATION_CHOICES.kinds[kind], ...(stored?.kinds?.[kind] ?? {}) },
    ]),
  ) as NotificationChoices['kinds'];
  return { kinds, digest: stored?.digest ?? DEFAULT_NOTIFICATION_CHOICES.digest };
}

const channelChoice = v.optional(
  v.object({
    push: v.optional(v.boolean('notifications-invalid')),
    email: v.optional(v.boolean('notifications-invalid')),
  }),
);

/** The `notifications` field of PUT /api/players/{id}/preferences: what is left out keeps the stored choice. */
export const NotificationChoicesBody = v.object(
  {
    kinds: v.optional(
      v.object(
        Object.fromEntries(DELIVERED_KINDS.map((kind) => [kind, channelChoice])) as Record<
          DeliveredKind,
          typeof channelChoice
        >,
        'notifications-invalid',
      ),
    ),
    digest: v.optional(v.boolean('notifications-invalid')),
  },
  'notifications-invalid',
);
export type NotificationChoicesInput = v.InferOutput<typeof NotificationChoicesBody>;

/** A push service's address: https, as every real one is (RFC 8030); at most 1 kB. */
export const MAX_ENDPOINT_LENGTH = 1024;

/** base64url, as the browser gives the subscription's keys; p256dh is a 65-byte point, auth 16 bytes. */
const base64url = (min: number, max: number) =>
  v.pipe(
    v.string('push-subscription-invalid'),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'push-subscription-invalid'),
    v.minLength(min, 'push-subscription-invalid'),
    v.maxLength(max, 'push-subscription-invalid'),
  );

/**
 * POST /api/push-subscriptions/: the browser's `PushSubscription.toJSON()`. Whether the endpoint may be plain
 * http (a loopback address, in development only) is the route's to say: the schema takes any http(s) URL.
 */
export const PushSubscriptionBody = v.object(
  {
    endpoint: v.pipe(
      v.string('push-endpoint-invalid'),
      v.maxLength(MAX_ENDPOINT_LENGTH, 'push-endpoint-invalid'),
      v.url('push-endpoint-invalid'),
      v.regex(/^https?:\/\//, 'push-endpoint-invalid'),
    ),
    expirationTime: v.optional(v.nullable(v.number())),
    keys: v.object(
      // 65 bytes are 87 characters unpadded, 16 bytes 22.
      { p256dh: base64url(86, 90), auth: base64url(21, 25) },
      'push-subscription-invalid',
    ),
    // A missing field (no keys at all) is named by the object's own message.
  },
  'push-subscription-invalid',
);
export type PushSubscriptionInput = v.InferOutput<typeof PushSubscriptionBody>;

/** DELETE /api/push-subscriptions/: which device's subscription ends (the body, or `?endpoint=`). */
export const PushUnsubscribeBody = v.object({
  endpoint: v.pipe(
    v.string('push-endpoint-invalid'),
    v.minLength(1, 'push-endpoint-invalid'),
    v.maxLength(MAX_ENDPOINT_LENGTH, 'push-endpoint-invalid'),
  ),
});

/** GET /api/push/key: the VAPID public key a browser subscribes with (base64url of the raw P-256 point). */
export interface PushKey {
  publicKey: string;
}

/** POST /api/push-subscriptions/'s answer: the device's subscription as stored. */
export interface PushSubscriptionResource {
  endpoint: string;
  /** The VAPID key it was made with: a client whose key differs from GET /api/push/key subscribes again. */
  publicKey: string;
  createdAt: string;
}

/** What a push carries, for web/sw.ts to show: the words in the player's language and where a tap leads. */
export interface PushPayload {
  kind: DeliveredKind;
  title: string;
  body: string;
  /** In the app, e.g. `/clashes/7`. */
  link: string;
}
