import type { Database } from '../db/client';
import { type EmailTokenKind, issueEmailToken } from '../db/emailTokens';
import type { PlayerRow } from '../db/schema';
import { emailSender } from '../lib/email';
import { mailText, pickLanguage } from '../lib/i18n';
import { consume, RULES } from '../lib/rateLimit';
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
 * Counts a mail to `email` and refuses (429) a flood to one inbox. Called before anything is written,
 * and also for addresses no mail goes to, so that a known and an unknown address answer alike.
 */
export async function countMail(c: AppContext, email: string) {
  await consume(c.env.DB, RULES.emailPerAddress, email);
}

/** Mails the player a single-use link of the given kind, in the request's language (count it first). */
export async function mailToken(
  c: AppContext,
  db: Database,
  player: Pick<PlayerRow, 'id' | 'name'>,
  email: string,
  kind: EmailTokenKind,
) {
  const token = await issueEmailToken(db, player.id, kind, email);
  const mail = MAILS[kind];
  const language = pickLanguage(c.req.header('Accept-Language'));
  const link = `${appOrigin(c)}${mail.path}?token=${encodeURIComponent(token)}`;
  await emailSender(c.env, db).send({
    to: email,
    subject: mailText(language, mail.subject),
    text: mailText(language, mail.text, { name: player.name, link }),
  });
}
