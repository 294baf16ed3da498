import { log } from '../lib/log';
import { clear, clientIp, count, RULES, refund, tooMany } from '../lib/rateLimit';
import type { AppContext } from './session';

/**
 * Counts one password guess at `account` (`player-<id>` for a known player, so that its username and its
 * e-mail are one bucket; the typed identifier for an unknown one, so unknown names cost the same) and
 * refuses it (429) before the password is checked. Every attempt is counted first, so attempts sent in
 * parallel can't outrun the count. The rule:
 *
 * - 5 guesses per 15 minutes at one account from one address;
 * - 50 guesses per 15 minutes from one address, at any accounts;
 * - 30 guesses per hour at one account from all addresses together, which slows a guesser with many
 *   addresses; but an address that has not failed at this account lately is let through even then, so
 *   nobody can lock an owner out of their own account by failing on purpose from elsewhere.
 *
 * Returns what to do once the password proved right: the address's failures at the account are forgotten
 * and the attempt given back to the other two counts.
 */
export async function countGuess(c: AppContext, account: string): Promise<() => Promise<void>> {
  const ip = clientIp(c);
  const here = `${account}|${ip}`;
  const [atAccountFromHere, fromHere, atAccount] = await count(c.env.DB, [
    [RULES.signInPerAccountAndIp, here],
    [RULES.signInPerIp, ip],
    [RULES.signInPerAccount, account],
  ]);
  const failedHereBefore = atAccountFromHere.estimate >= 2;
  for (const tally of [atAccountFromHere, fromHere, ...(failedHereBefore ? [atAccount] : [])])
    if (tally.over) {
      const playerId = /^player-(\d+)$/.exec(account)?.[1];
      log(c, { level: 'WARN', message: 'sign-in-throttled', playerId: playerId ? Number(playerId) : null });
      throw tooMany(tally.retryAfterMs);
    }
  return async () => {
    await clear(c.env.DB, RULES.signInPerAccountAndIp, here);
    await refund(c.env.DB, RULES.signInPerIp, ip);
    await refund(c.env.DB, RULES.signInPerAccount, account);
  };
}
