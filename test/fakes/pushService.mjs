// A fake Web Push service (RFC 8030), for the tests and bench/push-latency.mjs: a push service is an outside
// service, so standing one in is allowed. It hands out subscriptions whose keys it made itself (as a browser
// does), and for every push it receives it checks the VAPID JWT's signature against the key the request names
// (and the key it was told to expect), checks the JWT's audience and expiry, decrypts the aes128gcm payload
// with the subscription's private key and auth secret (RFC 8291), and records what it got.
//
// Used in-process (startPushService(): Playwright, the bench) and over HTTP (the Workers tests, whose code
// runs in workerd: POST /subscriptions, GET /received, PUT /subscriptions/{id}/status, DELETE /received).
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { URL } from 'node:url';

const b64url = (buffer) => Buffer.from(buffer).toString('base64url');
const fromB64url = (text) => Buffer.from(text, 'base64url');

/** RFC 8291 §3.4: the payload's plaintext, or an Error saying why it cannot be read. */
export function decryptAes128gcm(body, subscriber) {
  if (body.length < 21 + 65 + 17) throw new Error('body too short');
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = subscriber.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: the `vapid t=..., k=...` header's JWT verified with k; answers k, or throws why not. */
export function verifyVapid(header, origin, expectedKey) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, jwt, k] = match;
  if (expectedKey && k !== expectedKey) throw new Error('unexpected VAPID key');
  const point = fromB64url(k);
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not a P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const [head, claims, signature] = jwt.split('.');
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    fromB64url(signature),
  );
  if (!ok) throw new Error('bad JWT signature');
  const header_ = JSON.parse(fromB64url(head).toString('utf8'));
  if (header_.alg !== 'ES256') throw new Error('JWT alg is not ES256');
  const body = JSON.parse(fromB64url(claims).toString('utf8'));
  const now = Math.floor(Date.now() / 1000);
  if (body.aud !== origin) throw new Error(`JWT aud ${body.aud} is not ${origin}`);
  if (typeof body.exp !== 'number' || body.exp <= now || body.exp > now + 24 * 60 * 60)
    throw new Error('JWT exp out of range');
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub)) throw new Error('JWT sub missing');
  return k;
}

/**
 * Starts the fake on 127.0.0.1 (`port` 0: any free one). `publicKey`, when given, is the only VAPID key it
 * accepts. Answers { url, subscribe(), received, refused, setStatus(id, status), clear(), close() }.
 */
export async function startPushService({ port = 0, publicKey } = {}) {
  const subscribers = new Map();
  /** Pushes received and read: { id, payload, receivedAt, headers }. */
  const received = [];
  /** Pushes refused, and why: { id, reason }. */
  const refused = [];
  let origin = '';

  function subscribe() {
    const id = randomBytes(12).toString('hex');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscriber = { id, ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16), status: 201 };
    subscribers.set(id, subscriber);
    return {
      id,
      endpoint: `${origin}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: b64url(subscriber.publicKey), auth: b64url(subscriber.auth) },
    };
  }

  const json = (response, status, value) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(value));
  };

  function receive(request, response, body, id) {
    const subscriber = subscribers.get(id);
    if (!subscriber) return json(response, 404, { error: 'unknown subscription' });
    if (subscriber.status === 404 || subscriber.status === 410) return json(response, subscriber.status, {});
    try {
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      if (!request.headers.ttl) throw new Error('no TTL');
      verifyVapid(request.headers.authorization, origin, publicKey);
      const text = decryptAes128gcm(body, subscriber);
      received.push({ id, payload: JSON.parse(text), receivedAt: Date.now(), headers: request.headers });
      response.writeHead(201, { location: `${origin}/messages/${received.length}` });
      response.end();
    } catch (error) {
      refused.push({ id, reason: String(error) });
      json(response, 400, { error: String(error) });
    }
  }

  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', origin);
      const push = /^\/push\/(\w+)$/.exec(url.pathname);
      const status = /^\/subscriptions\/(\w+)\/status$/.exec(url.pathname);
      if (push && request.method === 'POST') return receive(request, response, body, push[1]);
      if (url.pathname === '/subscriptions' && request.method === 'POST')
        return json(response, 201, subscribe());
      if (status && request.method === 'PUT') {
        const subscriber = subscribers.get(status[1]);
        if (!subscriber) return json(response, 404, {});
        subscriber.status = JSON.parse(body.toString('utf8')).status;
        return json(response, 200, {});
      }
      if (url.pathname === '/received' && request.method === 'GET') {
        const id = url.searchParams.get('id');
        return json(response, 200, {
          received: received.filter((r) => !id || r.id === id).map(({ headers: _, ...r }) => r),
          refused: refused.filter((r) => !id || r.id === id),
        });
      }
      json(response, 404, { error: 'no such fake route' });
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    url: origin,
    subscribe,
    received,
    refused,
    setStatus(id, value) {
      const subscriber = subscribers.get(id);
      if (subscriber) subscriber.status = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
