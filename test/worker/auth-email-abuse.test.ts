import { beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  callAndSettle,
  expectError,
  moveToNewAddress,
  outbox,
  registerPlayer,
  signUp,
  uniqueEmail,
} from './helpers';

// Nobody can use Yamb to mail strangers in bulk: every route that sends mail is capped per inbox, per
// account and per client address, and answers 429 with Retry-After past the cap.

beforeEach(moveToNewAddress);

const strangers = (n: number) => Array.from({ length: n }, () => uniqueEmail('stranger'));

async function mailsTo(addresses: string[]) {
  let count = 0;
  for (const address of addresses) count += (await outbox(address)).length;
  return count;
}

describe('mail caps', () => {
  it('one account setting thirty strangers’ addresses in a row sends five mails, then 429 with Retry-After', async () => {
    const { jar, player } = await registerPlayer();
    const addresses = strangers(30);
    const statuses: number[] = [];
    let refusal: Response | null = null;
    for (const email of addresses) {
      const response = await call(`/players/${player.id}/email`, { method: 'PUT', jar, body: { email } });
      statuses.push(response.status);
      if (response.status === 429 && !refusal) refusal = response;
      await response.body?.cancel();
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect(Number(refusal?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await mailsTo(addresses)).toBe(5);
  });

  it('resending the verification mail: five mails an hour reach the inbox, then 429', async () => {
    const email = uniqueEmail();
    const { jar } = await registerPlayer({ email });
    const resend = (to: string) =>
      callAndSettle('/auth/email-verification-token', { method: 'POST', jar, body: { email: to } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await resend(email)).status);
    // The sign-up's mail and four more.
    expect(statuses).toEqual([204, 204, 204, 204, 429]);
    expect((await outbox(email)).length).toBe(5);
  });

  it('asking to resend counts against the account whatever address it names', async () => {
    const { jar } = await registerPlayer();
    const resend = (to: string) =>
      call('/auth/email-verification-token', { method: 'POST', jar, body: { email: to } });
    for (const email of strangers(5)) expect((await resend(email)).status).toBe(204);
    await expectError(await resend(uniqueEmail()), 429, 'too-many-requests');
  });

  it('reset requests from one address are capped across inboxes, known or not', async () => {
    const known = uniqueEmail();
    await signUp({ email: known });
    moveToNewAddress();
    const ask = (email: string) => call('/auth/password-reset-token', { method: 'POST', body: { email } });
    for (const email of strangers(30)) expect((await ask(email)).status).toBe(204);
    const refused = await ask(known);
    await expectError(refused, 429, 'too-many-requests');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    await expectError(await ask(uniqueEmail()), 429, 'too-many-requests');
  });

  it('sign-ups with an e-mail from one address are capped too', async () => {
    let refused = 0;
    for (const email of strangers(32)) {
      const response = await call('/auth/register', {
        method: 'POST',
        body: {
          username: `M${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`,
          email,
          password: 'secret123',
        },
      });
      if (response.status === 429) refused += 1;
      else expect(response.status).toBe(201);
    }
    expect(refused).toBe(2);
  });
});
