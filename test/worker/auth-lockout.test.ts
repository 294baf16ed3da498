import { describe, expect, it } from 'vitest';
import { call, expectError, json, type Player, signUp, uniqueEmail, verifyEmail } from './helpers';

// Guessing a password is hopeless, and nobody can lock an owner out of their own account by failing on
// purpose (worker/auth/guesses.ts says the rule; test/worker/auth-device.test.ts has the owner's device).

let addresses = 0;
/** A fresh client address (CF-Connecting-IP) of its own. */
const address = () => {
  addresses += 1;
  return `203.0.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

const signInFrom = (ip: string, identifier: string, password: string, cookie?: string) =>
  call('/auth/token', {
    method: 'POST',
    body: { identifier, password },
    headers: { 'CF-Connecting-IP': ip, ...(cookie ? { Cookie: cookie } : {}) },
  });

describe('sign-in lockout', () => {
  it('five failures from an attacker’s address do not lock the owner out of their own', async () => {
    const { username, player } = await signUp({ password: 'secret123' });
    const attacker = address();
    for (let i = 0; i < 5; i++)
      await expectError(await signInFrom(attacker, username, 'wrong-one'), 401, 'credentials-invalid');
    // The attacker's address is done for a while, even with the right password…
    await expectError(await signInFrom(attacker, username, 'secret123'), 429, 'too-many-requests');
    // …but the owner, at home, signs in.
    const owner = await signInFrom(address(), username, 'secret123');
    expect(owner.status).toBe(200);
    expect((await json<Player>(owner)).id).toBe(player.id);
  });

  it('the username and the e-mail of one account are one bucket: five guesses in all, not ten', async () => {
    const email = uniqueEmail();
    const { username } = await signUp({ email, password: 'secret123' });
    await verifyEmail(email);
    const ip = address();
    for (const identifier of [username, email, username.toLowerCase(), email.toUpperCase(), username])
      await expectError(await signInFrom(ip, identifier, 'wrong-one'), 401, 'credentials-invalid');
    await expectError(await signInFrom(ip, email, 'wrong-one'), 429, 'too-many-requests');
  });

  it('a guesser with many addresses is stopped at thirty an hour, fresh addresses included', async () => {
    const { username } = await signUp({ password: 'secret123' });
    const used: string[] = [];
    // Thirty failures at one account from thirty addresses: the account-wide allowance of the hour.
    for (let i = 0; i < 30; i++) {
      const ip = address();
      used.push(ip);
      await expectError(await signInFrom(ip, username, 'wrong-one'), 401, 'credentials-invalid');
    }
    // From now on, a client that has not signed in to this account before is refused at once, from an
    // address that failed before or from a fresh one (the owner's own device is not: auth-device.test.ts).
    const refused = await signInFrom(used[0] as string, username, 'wrong-one');
    await expectError(refused, 429, 'too-many-requests');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    await expectError(await signInFrom(address(), username, 'wrong-one'), 429, 'too-many-requests');
    await expectError(await signInFrom(address(), username, 'secret123'), 429, 'too-many-requests');
  });

  it('an old-password check counts in the same buckets as sign-in', async () => {
    const { username } = await signUp({ password: 'secret123' });
    const ip = address();
    const signedIn = await signInFrom(ip, username, 'secret123');
    const cookie = signedIn.headers
      .getAll('Set-Cookie')
      .map((line) => line.split(';')[0])
      .join('; ');
    // From the same browser, which is now a device of the account's: its sign-ins and the check share its count.
    for (let i = 0; i < 3; i++) await signInFrom(ip, username, 'wrong-one', cookie);
    const change = (oldPassword: string) =>
      call('/auth/password-reset', {
        method: 'PUT',
        body: { oldPassword, newPassword: 'secret456' },
        headers: { Cookie: cookie, 'CF-Connecting-IP': ip },
      });
    for (let i = 0; i < 2; i++) await expectError(await change('wrong-one'), 400, 'password-invalid');
    await expectError(await change('secret123'), 429, 'too-many-requests');
  });
});
