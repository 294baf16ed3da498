import { isDeliveredKind, type DeliveredKind, type PushPayload } from '../../contract/push';
import type { Database } from '../db/client';
import { claimMailTopic, findRecipient, type Recipient } from '../db/notificationMail';
import { forgetPushSubscriptions, pushSubscriptionsOf } from '../db/pushSubscriptions';
import { emailSender } from './email';
import { mailText, notificationTextIn } from './i18n';
import type { Notice } from './notify';
import { sendWebPush, vapidKeys } from './webPush';

// How notify() reaches a player who has no tab open: Web Push to each of their devices and, if they opted
// in, one e-mail per clash per turn, for the kinds of contract/push.ts and as their settings say. Nothing
// here throws: a delivery that fails is logged, and the notification row waits for the next page load.

type Bindings = Partial<Cloudflare.Env>;

const warn = (what: string, error: unknown, extra: object = {}) =>
  console.error(JSON.stringify({ level: 'WARN', what, ...extra, error: String(error) }));

/** Where the links of a mail lead: the site's address (APP_ORIGIN); locally, `npm start`'s. */
export const siteOrigin = (env: Bindings) => env.APP_ORIGIN || 'http://localhost:8787';

export async function deliverAway(env: Bindings, db: Database, notice: Notice): Promise<void> {
  const { kind, link } = notice;
  if (!isDeliveredKind(kind) || !link) return;
  let recipient: Recipient | null;
  try {
    recipient = await findRecipient(db, notice.playerId);
  } catch (error) {
    return warn('notify-away', error, { playerId: notice.playerId });
  }
  if (!recipient) return;
  const choice = recipient.choices.kinds[kind];
  const text = notificationTextIn(recipient.language, kind, notice.params);
  await Promise.all([
    choice.push ? pushAway(env, db, recipient, { kind, title: 'Yamb', body: text, link }) : null,
    choice.email ? mailAway(env, db, recipient, { kind, text, link, turn: notice.turn ?? null }) : null,
  ]);
}

/**
 * A push to each of the player's devices. A device whose push service answers 404 or 410 unsubscribed (or
 * expired): its row is deleted. One subscribed with another VAPID key (before a rotation) cannot be sent
 * to any more: its row is deleted too, and the app subscribes again on its next visit.
 */
async function pushAway(env: Bindings, db: Database, recipient: Recipient, payload: PushPayload) {
  const keys = vapidKeys(env);
  if (!keys) return;
  try {
    const devices = await pushSubscriptionsOf(db, recipient.id);
    const stale = devices.filter((device) => device.publicKey !== keys.publicKey).map((device) => device.id);
    const outcomes = await Promise.all(
      devices
        .filter((device) => device.publicKey === keys.publicKey)
        .map(async (device) => {
          try {
            return { id: device.id, outcome: await sendWebPush(keys, device, payload) };
          } catch (error) {
            warn('web-push', error, { playerId: recipient.id });
            return { id: device.id, outcome: 'failed' as const };
          }
        }),
    );
    const gone = outcomes.filter((sent) => sent.outcome === 'gone').map((sent) => sent.id);
    const failed = outcomes.filter((sent) => sent.outcome === 'failed').length;
    if (failed) warn('web-push', `${failed} push(es) refused`, { playerId: recipient.id });
    await forgetPushSubscriptions(db, [...stale, ...gone]);
  } catch (error) {
    warn('web-push', error, { playerId: recipient.id });
  }
}

interface MailNotice {
  kind: DeliveredKind;
  text: string;
  link: string;
  turn: string | null;
}

/** One e-mail per clash per turn (a topic claimed in D1 first), to a verified address only. */
async function mailAway(env: Bindings, db: Database, recipient: Recipient, notice: MailNotice) {
  if (!recipient.verifiedEmail) return;
  try {
    const topic = `${notice.link}|${notice.turn ?? notice.kind}`;
    if (!(await claimMailTopic(db, recipient.id, topic))) return;
    const origin = siteOrigin(env);
    await emailSender(
      { ENVIRONMENT: env.ENVIRONMENT ?? 'production', EMAIL: env.EMAIL, EMAIL_FROM: env.EMAIL_FROM },
      db,
    ).send({
      to: recipient.verifiedEmail,
      subject: notice.text,
      text: mailText(recipient.language, 'notice-text', {
        name: recipient.name,
        text: notice.text,
        link: `${origin}${notice.link}`,
        settings: `${origin}/settings`,
      }),
    });
  } catch (error) {
    warn('notify-mail', error, { playerId: recipient.id });
  }
}
