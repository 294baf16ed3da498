import { log } from '../lib/log';
import { clear, clientIp, count, RULES, refund, tooMany } from '../lib/rateLimit';
import { trustedDevice } from './device';
import type { AppContext } from './session';

/**
 * Counts one password guess at `account` (`player-<id>` for a known player, so that its username and its
 * e-mail are one bucket; the typed identifier for an unknown one, so unknown names cost the same) and
 * refuses it (429) before the password is checked. Every attempt is counted first, so attempts sent in
 * parallel can't outrun the count. The rule:
 *
 * - from a device that has signed in to the account before (its device cookie, auth/device.ts): 5 guesses
 *   per 15 minutes from that device, and nothing else counts or refuses them, so nobody failing at the
 *   account from elsewhere can lock its owner out;
 * - from anywhere else: 5 guesses per 15 minutes at one account from one address, 50 per 15 minutes from
 *   one address at any accounts, and 30 per hour at one account from all such clients together, which
 *   stops a guesser with many addresses (each one refused once the account's hour is used up).
 *
 * Returns what to do once the password proved right: the failures that counted against this client are
 * forgotten, and the attempt given back to the shared counts.
 */
export async function countGuess(c: AppContext, account: string): Promise<() => Promise<void>> {
  const playerId = Number(/^player-(\d+)$/.exec(account)?.[1] ?? 0) || null;
  const refuse = (retryAfterMs: number) => {
    log(c, { level: 'WARN', message: 'sign-in-throttled', playerId });
    return tooMany(retryAfterMs);
  };
  const device = playerId ? await trustedDevice(c, playerId) : null;
  if (device) {
    const [fromDevice] = await count(c.env.DB, [[RULES.signInPerDevice, device]]);
    if (fromDevice?.over) throw refuse(fromDevice.retryAfterMs);
    return () => clear(c.env.DB, RULES.signInPerDevice, device);
  }
  const ip = clientIp(c);
  const here = `${account}|${ip}`;
  const tallies = await count(c.env.DB, [
    [RULES.signInPerAccountAndIp, here],
    [RULES.signInPerIp, ip],
    [RULES.signInPerAccount, account],
  ]);
  const over = tallies.filter((tally) => tally.over);
  if (over.length) throw refuse(Math.max(...over.map((tally) => tally.retryAfterMs)));
  return async () => {
    await clear(c.env.DB, RULES.signInPerAccountAndIp, here);
    await refund(c.env.DB, RULES.signInPerIp, ip);
    await refund(c.env.DB, RULES.signInPerAccount, account);
  };
}
