import { EmailMessage } from 'cloudflare:email';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { Env } from '../env';

/** Two e-mail addresses are the same account's when they match ignoring case; a missing one matches nothing. */
export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one mail; how depends on where the Worker runs (see `emailSender`). */
export interface EmailSender {
  send(mail: Mail): Promise<void>;
}

/** Local development and tests: the mail is only written to the D1 outbox (listed at /api/dev/outbox). */
export class OutboxEmailSender implements EmailSender {
  constructor(private readonly db: Database) {}

  async send(mail: Mail) {
    await this.db.insert(outbox).values({ toAddress: mail.to, subject: mail.subject, text: mail.text });
  }
}

/** What a production outbox row holds instead of the body: the mail's link carries a raw token. */
export const SENT_PLACEHOLDER = '(sent)';

/**
 * Production: Cloudflare Email's `send_email` binding, then the outbox row as a record with `sentAt`.
 * The row keeps the recipient and subject but not the body, whose link holds a token that D1 keeps
 * only hashed.
 */
export class CloudflareEmailSender implements EmailSender {
  constructor(
    private readonly binding: SendEmail,
    private readonly from: string,
    private readonly db: Database,
  ) {}

  async send(mail: Mail) {
    await this.binding.send(new EmailMessage(this.from, mail.to, buildMime(this.from, mail)));
    await this.db
      .insert(outbox)
      .values({ toAddress: mail.to, subject: mail.subject, text: SENT_PLACEHOLDER, sentAt: Date.now() });
  }
}

export function emailSender(
  env: Pick<Env, 'ENVIRONMENT' | 'EMAIL' | 'EMAIL_FROM'>,
  db: Database,
): EmailSender {
  if (env.ENVIRONMENT !== 'development' && env.EMAIL && env.EMAIL_FROM)
    return new CloudflareEmailSender(env.EMAIL, env.EMAIL_FROM, db);
  if (env.ENVIRONMENT !== 'development')
    console.warn(
      JSON.stringify({ level: 'WARN', message: 'EMAIL or EMAIL_FROM missing: mail kept in the outbox' }),
    );
  return new OutboxEmailSender(db);
}

const encoder = new TextEncoder();

function base64(text: string): string {
  let binary = '';
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** RFC 2047: a header with non-ASCII characters (Croatian subjects) travels as base64 UTF-8. */
const encodeHeader = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${base64(value)}?=`;

/**
 * A minimal RFC 5322 message: one text/plain UTF-8 part in base64 (lines of 76), which survives any
 * relay whatever the language. Cloudflare Email requires the Message-ID header.
 */
export function buildMime(from: string, mail: Mail, now = new Date()): string {
  const domain = from.split('@')[1] ?? 'localhost';
  const body = base64(mail.text.replace(/\r?\n/g, '\r\n')).replace(/.{76}/g, '$&\r\n');
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ].join('\r\n');
}
