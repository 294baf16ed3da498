import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { expect } from 'vitest';
import type { PlayerResource } from '../../contract/players';
import worker from '../../worker/index';
import { chunk, deflate, file, header } from './fixtures/png';

// Shared by the Workers-runtime tests: a cookie jar, one `call` for every request, and the ways a
// test gets a player (a guest, a sign-up, a sign-in), all through the public API.

export const ORIGIN = 'http://yamb.test';
export type Player = PlayerResource;

/** The Set-Cookie lines of a response (workerd's `getAll` keeps them apart, as `get` would not). */
export const setCookies = (response: Response): string[] => response.headers.getAll('Set-Cookie');

/** The cookies a browser would keep between requests (paths are ignored: every cookie is sent). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes a response's Set-Cookie headers: a new value replaces the old one, an expired one is dropped. */
  store(response: Response): this {
    for (const line of setCookies(response)) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): this {
    this.cookies.set(name, value);
    return this;
  }

  delete(name: string): this {
    this.cookies.delete(name);
    return this;
  }

  /** The value of a Cookie request header. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.set(name, value);
    return copy;
  }
}

export interface CallInit extends Omit<RequestInit, 'body'> {
  /** A plain value is sent as JSON; FormData, strings, Blobs and byte arrays as they are. */
  body?: unknown;
  /** Sends its cookies and keeps the response's. */
  jar?: CookieJar;
  /** Sent as Accept-Language. */
  language?: string;
}

/** `/players/me` and `/api/players/me` both mean `http://yamb.test/api/players/me`. */
export function url(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const absolute = path.startsWith('/') ? path : `/${path}`;
  return `${ORIGIN}${absolute.startsWith('/api/') || absolute === '/api' ? absolute : `/api${absolute}`}`;
}

const randomIp = () => `10.${[...crypto.getRandomValues(new Uint8Array(3))].join('.')}`;
let clientIp = randomIp();

/**
 * `clientIp` is the address this test file's requests come from (as Cloudflare's CF-Connecting-IP), unless
 * a request names its own: the Workers tests share one D1, so per-address limits would otherwise add up
 * across files. From now on this file's requests come from another address (for a file that sends many mails). */
export function moveToNewAddress() {
  clientIp = randomIp();
}

/** Builds the Request that `call` sends (also usable with `worker.fetch` directly). */
export function request(path: string, init: CallInit = {}): Request {
  const { body, jar, language, headers: given, ...rest } = init;
  const headers = new Headers(given);
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (
      typeof body === 'string' ||
      body instanceof FormData ||
      body instanceof Blob ||
      body instanceof Uint8Array ||
      body instanceof ArrayBuffer
    ) {
      payload = body as BodyInit;
    } else {
      payload = JSON.stringify(body);
      headers.set('Content-Type', 'application/json');
    }
  }
  if (jar && !headers.has('Cookie')) headers.set('Cookie', jar.header());
  if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', clientIp);
  if (language) headers.set('Accept-Language', language);
  return new Request(url(path), { ...rest, headers, body: payload });
}

/** One request to the Worker through SELF; the jar, if given, is updated from the response. */
export async function call(path: string, init: CallInit = {}): Promise<Response> {
  const response = await SELF.fetch(request(path, init));
  init.jar?.store(response);
  return response;
}

/**
 * `call`, then waits for what the Worker does after answering (waitUntil): the mails that the e-mail routes
 * send after their answer (worker/auth/mails.ts `mailAfterAnswer`), log rows. Through the app itself rather
 * than SELF, whose waitUntil work the test cannot wait for.
 */
export async function callAndSettle(path: string, init: CallInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request(path, init), env, ctx);
  await waitOnExecutionContext(ctx);
  init.jar?.store(response);
  return response;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON and assert on it.
export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Asserts an error answer with its status and key; returns the body (`{message, key}`). */
export async function expectError(response: Response, status: number, key: string) {
  const body = (await response.json()) as { message: string; key: string };
  expect({ status: response.status, key: body.key }).toEqual({ status, key });
  expect(body.message).toBeTruthy();
  return body;
}

let counter = 0;
/** A username no other call of this test file has used: a letter, then letters and digits, 3-15 long. */
export function uniqueName(prefix = 'P'): string {
  counter += 1;
  const random = crypto.getRandomValues(new Uint32Array(1))[0].toString(36);
  return `${prefix}${counter}x${random}`.slice(0, 15);
}

export const uniqueEmail = (prefix = 'user') => `${uniqueName(prefix).toLowerCase()}@example.com`;

export interface Session {
  jar: CookieJar;
  player: Player;
  /** The Cookie header that speaks as this player. */
  cookie: string;
}

/** A new guest with its session (POST /api/auth/register-guest). */
export async function registerGuest(jar = new CookieJar(), username?: string): Promise<Session> {
  const response = await call('/auth/register-guest', {
    method: 'POST',
    jar,
    body: username === undefined ? {} : { username },
  });
  expect(response.status).toBe(201);
  return { jar, player: await json<Player>(response), cookie: jar.header() };
}

export interface SignUp {
  username?: string;
  email?: string;
  password?: string;
  /** A guest's jar: the guest is upgraded in place. Without one, a new account is made (not signed in). */
  jar?: CookieJar;
}

export interface Account {
  username: string;
  password: string;
  email?: string;
  player: Player;
}

/** POST /api/auth/register; fills in a fresh username and a password when not given. */
export async function signUp(options: SignUp = {}): Promise<Account> {
  const username = options.username ?? uniqueName('U');
  const password = options.password ?? 'secret123';
  const response = await call('/auth/register', {
    method: 'POST',
    jar: options.jar,
    body: { username, password, ...(options.email ? { email: options.email } : {}) },
  });
  expect(response.status).toBe(201);
  return { username, password, email: options.email, player: await json<Player>(response) };
}

/** POST /api/auth/token with `{identifier, password}`. */
export async function signIn(identifier: string, password: string, jar = new CookieJar()): Promise<Session> {
  const response = await call('/auth/token', { method: 'POST', jar, body: { identifier, password } });
  expect(response.status).toBe(200);
  return { jar, player: await json<Player>(response), cookie: jar.header() };
}

/** Opens the verification link last mailed to `email` (the address becomes verified); returns the player. */
export async function verifyEmail(email: string): Promise<Player> {
  const token = await mailedToken(email, '/email-verification');
  const response = await call(`/auth/email-verification?token=${encodeURIComponent(token)}`, {
    method: 'PUT',
  });
  expect(response.status).toBe(200);
  return json<Player>(response);
}

/** A registered player, signed in: sign-up then sign-in. */
export async function registerPlayer(options: Omit<SignUp, 'jar'> = {}): Promise<Session & Account> {
  const account = await signUp(options);
  const session = await signIn(account.username, account.password);
  return { ...account, ...session };
}

/** Makes a player an admin (there is no API for it); sessions see it at their next request. */
export async function makeAdmin(playerId: number) {
  await env.DB.prepare('UPDATE players SET admin = 1 WHERE id = ?').bind(playerId).run();
}

export interface Mail {
  id: number;
  toAddress: string;
  subject: string;
  text: string;
  sentAt: number | null;
}

/** The D1 outbox, newest first, optionally only the mails to one address. */
export async function outbox(to?: string): Promise<Mail[]> {
  const query = to
    ? env.DB.prepare(
        'SELECT id, to_address AS toAddress, subject, text, sent_at AS sentAt FROM outbox WHERE lower(to_address) = lower(?) ORDER BY id DESC',
      ).bind(to)
    : env.DB.prepare(
        'SELECT id, to_address AS toAddress, subject, text, sent_at AS sentAt FROM outbox ORDER BY id DESC',
      );
  return (await query.all<Mail>()).results;
}

/** The token of the link to `path` (e.g. `/email-verification`) in the newest mail to `to`. */
export async function mailedToken(to: string, path: string): Promise<string> {
  const [mail] = await outbox(to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  expect(match, `a ${path} link in the mail`).not.toBeNull();
  return decodeURIComponent((match as RegExpExecArray)[1]);
}

/** A real, decodable RGB PNG of the given size, filled with one colour (built with fixtures/png.ts). */
export async function pngImage(width: number, height: number, rgb: [number, number, number] = [200, 40, 40]) {
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set(rgb, y * (1 + width * 3) + 1 + x * 3);
  return file(chunk('IHDR', header({ width, height })), chunk('IDAT', await deflate(raw)), chunk('IEND'));
}

/** A multipart body with `bytes` under the field `file`, as the profile's avatar upload sends it. */
export function fileForm(bytes: Uint8Array, name = 'avatar.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return form;
}

/** The access tokens' key in local development and tests (worker/auth/session.ts), which no answer may carry. */
export const DEV_SECRET = 'yamb-local-development-secret-not-for-production';
