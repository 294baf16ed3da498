import type { Database } from '../db/client';
import { type EmailTokenKind, saveEmailToken } from '../db/emailTokens';
import { findPlayerByVerifiedEmail } from '../db/players';
import type { PlayerRow } from '../db/schema';
import { emailSender } from '../lib/email';
import { mailText, pickLanguage } from '../lib/i18n';
import { after, writeLog } from '../lib/log';
import { clientIp, consumeAll, RULES } from '../lib/rateLimit';
import { randomToken, sha256 } from './crypto';
import type { AppContext } from './session';

const MAILS: Record<EmailTokenKind, { path: string; subject: string; text: string }> = {
  VERIFY_EMAIL: { path: '/email-verification', subject: 'verification-subject', text: 'verification-text' },
  RESET_PASSWORD: { path: '/password-reset', subject: 'reset-subject', text: 'reset-text' },
};

/**
 * Where the link in a mail leads: production's configured address, else the address the request came to.
 * Never a request header: Origin and X-Forwarded-Host are the client's to choose, and a reset link
 * pointing at another site would hand it the token.
 */
function appOrigin(c: AppContext): string {
  return c.env.APP_ORIGIN || new URL(c.req.url).origin;
}

/**
 * Counts a mail to `email` and refuses (429) a flood to one inbox, from one address, or by one account.
 * Called before anything is written, and also for addresses no mail goes to, so that a known and an
 * unknown address answer alike.
 */
export async function countMail(c: AppContext, email: string, account?: Pick<PlayerRow, 'id'>) {
  await consumeAll(c.env.DB, [
    [RULES.emailPerAddress, email],
    [RULES.emailPerIp, clientIp(c)],
    ...(account ? [[RULES.emailPerAccount, `player-${account.id}`] as const] : []),
  ]);
}

/**
 * Mails a verification link for `email`, newly given by `player`; count it first. When the address is
 * already a verified one of another player, its owner gets a notice instead (the claim stays unverified
 * and claims nothing): the answer to the claimant is the same either way, so it tells nobody whose the
 * address is, and the owner learns that someone typed it.
 */
export async function mailVerification(
  c: AppContext,
  db: Database,
  player: Pick<PlayerRow, 'id' | 'name'>,
  email: string,
) {
  const owner = await findPlayerByVerifiedEmail(db, email);
  if (!owner || owner.id === player.id) return mailToken(c, db, player, email, 'VERIFY_EMAIL');
  const language = pickLanguage(c.req.header('Accept-Language'));
  await emailSender(c.env, db).send({
    to: email,
    subject: mailText(language, 'address-in-use-subject'),
    text: mailText(language, 'address-in-use-text', {
      name: owner.name,
      link: `${appOrigin(c)}/forgot-password`,
    }),
  });
}

/** A new single-use token for a mailed link, and the hash D1 keeps of it. */
export interface MintedToken {
  token: string;
  hash: string;
}

export async function mintToken(): Promise<MintedToken> {
  const token = randomToken();
  return { token, hash: await sha256(token) };
}

/**
 * Mails the player a single-use link of the given kind, in the request's language (count it first); the
 * token may be minted beforehand (`mintToken`), by a route that mints one whether or not it mails.
 */
export async function mailToken(
  c: AppContext,
  db: Database,
  player: Pick<PlayerRow, 'id' | 'name'>,
  email: string,
  kind: EmailTokenKind,
  minted?: MintedToken,
) {
  const { token, hash } = minted ?? (await mintToken());
  await saveEmailToken(db, { playerId: player.id, kind, email, tokenHash: hash });
  const mail = MAILS[kind];
  const language = pickLanguage(c.req.header('Accept-Language'));
  const link = `${appOrigin(c)}${mail.path}?token=${encodeURIComponent(token)}`;
  await emailSender(c.env, db).send({
    to: email,
    subject: mailText(language, mail.subject),
    text: mailText(language, mail.text, { name: player.name, link }),
  });
}

/**
 * Sends a mail after the answer (waitUntil): a route whose answer must not say whether an address gets a
 * mail (known, verified) answers before the mail's writes and its trip to the mail service, which take
 * longer than anything else it does. The mail starts on a later turn of the event loop: started at once,
 * its first steps (building the token's row and the text) would run between the answer's own steps and
 * delay it. A mail that fails is an error row for the admins; the answer went.
 */
export function mailAfterAnswer(c: AppContext, playerId: number, sending: () => Promise<void>) {
  after(
    c,
    new Promise((resolve) => setTimeout(resolve, 0)).then(sending).catch(async (error: unknown) => {
      console.error(JSON.stringify({ level: 'ERROR', what: 'mail', error: String(error) }));
      await writeLog(c.env, {
        level: 'ERROR',
        message: 'mail-failed',
        data: { error: String(error) },
        playerId,
      });
    }),
  );
}
