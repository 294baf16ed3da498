import { describe, expect, it } from 'vitest';
import {
  call,
  CookieJar,
  expectError,
  json,
  type Player,
  registerGuest,
  setCookies,
  signIn,
  signUp,
} from './helpers';

// The owner is never locked out by strangers: a browser that has signed in to an account holds a device
// cookie (worker/auth/device.ts), and a guess from it meets only that device's own allowance, not the
// account-wide one that strangers' failures from everywhere use up (worker/auth/guesses.ts). Each test
// hashes some forty passwords: 30 s, for a loaded machine.

// Addresses of this file's own (the Workers tests share one D1, and with it the per-address counts).
const block = crypto.getRandomValues(new Uint8Array(1))[0] as number;
let addresses = 0;
const address = () => {
  addresses += 1;
  return `198.${18 + Math.floor(addresses / 250)}.${block}.${addresses % 250}`;
};

const signInFrom = (ip: string, identifier: string, password: string, jar?: CookieJar) =>
  call('/auth/token', {
    method: 'POST',
    body: { identifier, password },
    headers: { 'CF-Connecting-IP': ip },
    jar,
  });

/** Wrong guesses at `username`, each from an address of its own; their statuses. */
async function strangersGuess(username: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await signInFrom(address(), username, 'wrong-one');
    statuses.push(response.status);
    await response.body?.cancel();
  }
  return statuses;
}

describe('the owner’s device', () => {
  it('signs in after 35 strangers’ wrong guesses from 35 addresses, a typo included; a stranger does not', async () => {
    const { username, player } = await signUp({ password: 'secret123' });
    const home = address();
    // The owner signed in from this browser before: it holds the account's device cookie.
    const device = new CookieJar();
    expect((await signInFrom(home, username, 'secret123', device)).status).toBe(200);
    expect(device.get('yamb_device')).toMatch(new RegExp(`^${player.id}\\.`));

    const statuses = await strangersGuess(username, 35);
    // The account's hour allows thirty failures from strangers; after that every one of them is refused.
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);

    // The owner mistypes once, then types the right password, from their own device.
    await expectError(await signInFrom(home, username, 'secret12', device), 401, 'credentials-invalid');
    const owner = await signInFrom(home, username, 'secret123', device);
    expect(owner.status).toBe(200);
    expect((await json<Player>(owner)).id).toBe(player.id);

    // A stranger who knows the password is still refused while the account's hour holds: from a fresh
    // address, and from the owner's own address without the owner's device.
    const refused = await signInFrom(address(), username, 'secret123');
    await expectError(refused, 429, 'too-many-requests');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    await expectError(await signInFrom(home, username, 'secret123'), 429, 'too-many-requests');
  }, 30_000);

  it('is an exemption no forged cookie, nor another account’s, gives', async () => {
    const { username, player } = await signUp({ password: 'secret123' });
    const other = await signUp({ password: 'secret123' });
    const otherDevice = new CookieJar();
    await signIn(other.username, other.password, otherDevice);
    const owners = new CookieJar();
    await signIn(username, 'secret123', owners);
    const genuine = owners.get('yamb_device') as string;
    await strangersGuess(username, 30);

    const [, nonce = '', mac = ''] = genuine.split('.');
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const forged = [
      // Another account's genuine cookie.
      otherDevice.get('yamb_device') as string,
      // The other account's nonce and signature under this account's id.
      `${player.id}.${(otherDevice.get('yamb_device') as string).split('.').slice(1).join('.')}`,
      // This account's cookie with its signature changed, or left out.
      `${player.id}.${nonce}.${flipped}`,
      `${player.id}.${nonce}`,
    ];
    for (const value of forged)
      await expectError(
        await signInFrom(address(), username, 'secret123', new CookieJar().set('yamb_device', value)),
        429,
        'too-many-requests',
      );
    expect((await signInFrom(address(), username, 'secret123', owners)).status).toBe(200);
  }, 30_000);

  it('has an allowance of its own, five failures in 15 minutes, which counts nothing against the account', async () => {
    const { username } = await signUp({ password: 'secret123' });
    const device = new CookieJar();
    await signIn(username, 'secret123', device);
    const home = address();
    for (let i = 0; i < 5; i++)
      await expectError(await signInFrom(home, username, 'wrong-one', device), 401, 'credentials-invalid');
    const refused = await signInFrom(home, username, 'secret123', device);
    await expectError(refused, 429, 'too-many-requests');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The device's failures used none of the account's hour: strangers still have thirty of their own.
    expect((await strangersGuess(username, 31)).map((status) => status === 401)).toEqual([
      ...Array.from({ length: 30 }, () => true),
      false,
    ]);
  }, 30_000);

  it('is a cookie only the server reads, kept for a year, set on sign-in and refresh but never for a guest', async () => {
    const { username, player } = await signUp({ password: 'secret123' });
    const response = await signInFrom(address(), username, 'secret123');
    const line = setCookies(response).find((cookie) => cookie.startsWith('yamb_device='));
    expect(line).toMatch(new RegExp(`^yamb_device=${player.id}\\.[\\w-]{22}\\.[\\w-]{43};`));
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\/api\/auth/i);
    expect(Number(/Max-Age=(\d+)/i.exec(line ?? '')?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);

    // A browser signed in before device cookies existed gets one at its next refresh.
    const session = new CookieJar();
    await signIn(username, 'secret123', session);
    session.delete('yamb_device');
    expect((await call('/auth/refresh', { method: 'POST', jar: session })).status).toBe(200);
    expect(session.get('yamb_device')).toMatch(new RegExp(`^${player.id}\\.`));

    const guest = await registerGuest();
    expect(guest.jar.get('yamb_device')).toBeUndefined();
    expect((await call('/auth/refresh', { method: 'POST', jar: guest.jar })).status).toBe(200);
    expect(guest.jar.get('yamb_device')).toBeUndefined();
  });
});
