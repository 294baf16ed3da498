import type { Database } from '../db/client';
import {
  claimDigest,
  digestItems,
  findRecipient,
  lastDigestAt,
  playersOwedDigest,
} from '../db/notificationMail';
import type { Env } from '../env';
import { emailSender } from './email';
import { mailText, notificationTextIn } from './i18n';
import { siteOrigin } from './notifyAway';

// The daily e-mail digest (issue 29): a player who asked for it gets, at most once a UTC day, one mail
// listing what still waits for them (their unread notifications of the kinds that reach a player away,
// since their last digest), each line in their language with its link. The sweep (worker/sweep.ts) runs it.

/** The most digests one sweep run sends; the rest wait for the next run (every 15 minutes). */
export const DIGESTS_PER_RUN = 50;

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Sends the digests owed today, at most DIGESTS_PER_RUN; answers how many went. */
export async function sendDigests(env: Env, db: Database, now = Date.now()): Promise<number> {
  const day = dayOf(now);
  const owed = await playersOwedDigest(db, day, DIGESTS_PER_RUN);
  let sent = 0;
  for (const playerId of owed) {
    try {
      if (await sendDigest(env, db, playerId, day, now)) sent += 1;
    } catch (error) {
      console.error(JSON.stringify({ level: 'WARN', what: 'digest', playerId, error: String(error) }));
    }
  }
  return sent;
}

async function sendDigest(env: Env, db: Database, playerId: number, day: string, now: number) {
  const recipient = await findRecipient(db, playerId);
  if (!recipient?.verifiedEmail || !recipient.choices.digest) return false;
  const items = await digestItems(db, playerId, await lastDigestAt(db, playerId));
  if (!items.length) return false;
  // Claimed before it is sent: a run that fails after the claim sends none that day rather than two.
  if (!(await claimDigest(db, playerId, day, now))) return false;
  const origin = siteOrigin(env);
  const lines = items.map((item) => {
    const text = notificationTextIn(recipient.language, item.kind, item.params);
    return item.link ? `- ${text}\n  ${origin}${item.link}` : `- ${text}`;
  });
  await emailSender(env, db).send({
    to: recipient.verifiedEmail,
    subject: mailText(recipient.language, 'digest-subject', { count: String(items.length) }),
    text: mailText(recipient.language, 'digest-text', {
      name: recipient.name,
      items: lines.join('\n'),
      settings: `${origin}/settings`,
    }),
  });
  return true;
}
