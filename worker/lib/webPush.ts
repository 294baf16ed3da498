import { encryptNotification } from '@block65/webcrypto-web-push';
import type { PushPayload } from '../../contract/push';

// Web Push (RFC 8030) with the payload encrypted as aes128gcm (RFC 8291) and the request signed with VAPID
// (RFC 8292). The encryption is @block65/webcrypto-web-push's (Web Crypto only, so it runs in workerd); the
// VAPID JWT is signed here because the library's own refuses any endpoint that is not https, and local
// development's fake push service is plain http on a loopback address.

type Bindings = Pick<
  Cloudflare.Env,
  'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'ENVIRONMENT'
>;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The Worker's VAPID keys (secrets; README "Deploy"), or null when they are not set: then nothing is pushed. */
export function vapidKeys(
  env: Partial<Pick<Bindings, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>>,
): VapidKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: env.VAPID_SUBJECT || 'mailto:admin@localhost' };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether the Worker may send pushes to `endpoint`: https, as every real push service is; plain http only in
 * local development and only on a loopback address, where a test's fake push service listens.
 */
export function endpointAllowed(env: Pick<Bindings, 'ENVIRONMENT'>, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return env.ENVIRONMENT === 'development' && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: delivered, the subscription is gone (404/410: forget it), or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service keeps a push for an offline device: a turn's news is stale after a day. */
const TTL_SECONDS = 24 * 60 * 60;

/** Sends one push; never throws for the push service's answer (only for a broken key). */
export async function sendWebPush(
  keys: VapidKeys,
  target: PushTarget,
  payload: PushPayload,
): Promise<PushOutcome> {
  const body = await encryptNotification(
    { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
    new TextEncoder().encode(JSON.stringify(payload)),
    // No padding to 4 kB: the words and a link are not secret from the push service's size guess.
    { pad: false },
  );
  const jwt = await vapidJwt(keys, new URL(target.endpoint).origin);
  const response = await fetch(target.endpoint, {
    method: 'POST',
    headers: {
      authorization: `vapid t=${jwt}, k=${keys.publicKey}`,
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: String(TTL_SECONDS),
      urgency: 'high',
      // A newer push about the same clash replaces one the device has not fetched yet.
      topic: topicOf(payload.link),
    },
    body,
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return 'gone';
  return response.ok ? 'sent' : 'failed';
}

/** RFC 8030's Topic: up to 32 base64url characters. */
const topicOf = (link: string) => link.replace(/[^A-Za-z0-9_-]/g, '-').slice(-32) || 'yamb';

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The imported signing key, per private key: importing costs more than signing. */
const signingKeys = new Map<string, Promise<CryptoKey>>();

function signingKey(keys: VapidKeys): Promise<CryptoKey> {
  let key = signingKeys.get(keys.privateKey);
  if (!key) {
    const point = fromBase64url(keys.publicKey);
    key = crypto.subtle.importKey(
      'jwk',
      {
        kty: 'EC',
        crv: 'P-256',
        x: base64url(point.slice(1, 33)),
        y: base64url(point.slice(33, 65)),
        d: keys.privateKey,
      },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
    signingKeys.set(keys.privateKey, key);
  }
  return key;
}

/** RFC 8292 §2: an ES256 JWT for the push service's origin, valid 12 hours (services refuse over 24). */
async function vapidJwt(keys: VapidKeys, audience: string): Promise<string> {
  const part = (value: object) => base64url(encoder.encode(JSON.stringify(value)));
  const claims = { aud: audience, exp: Math.floor(Date.now() / 1000) + 12 * 60 * 60, sub: keys.subject };
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    await signingKey(keys),
    encoder.encode(unsigned),
  );
  return `${unsigned}.${base64url(new Uint8Array(signature))}`;
}
