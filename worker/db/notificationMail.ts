import { and, desc, eq, gt, inArray, isNotNull, lt, or, isNull, sql } from 'drizzle-orm';
import { DELIVERED_KINDS, notificationChoices, type NotificationChoices } from '../../contract/push';
import type { Language } from '../../contract/preferences';
import type { Database } from './client';
import { notificationDigests, notificationEmails, notifications, players, preferences } from './schema';

/** What delivery needs to know of a player: their words, their choices and where mail may go. */
export interface Recipient {
  id: number;
  name: string;
  language: Language;
  choices: NotificationChoices;
  /** Their e-mail address when it is verified; null otherwise (nothing is mailed to an unverified one). */
  verifiedEmail: string | null;
}

export async function findRecipient(db: Database, playerId: number): Promise<Recipient | null> {
  const [row] = await db
    .select({
      id: players.id,
      name: players.name,
      email: players.email,
      emailVerified: players.emailVerified,
      language: preferences.language,
      notifications: preferences.notifications,
    })
    .from(players)
    .leftJoin(preferences, eq(preferences.playerId, players.id))
    .where(eq(players.id, playerId));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    language: row.language ?? 'en-US',
    choices: notificationChoices(row.notifications),
    verifiedEmail: row.emailVerified && row.email ? row.email : null,
  };
}

/**
 * Marks `topic` (a clash's link and its turn) as mailed to the player; answers false when it was already,
 * so that one turn is mailed at most once however many notices it brings.
 */
export async function claimMailTopic(db: Database, playerId: number, topic: string, now = Date.now()) {
  const claimed = await db
    .insert(notificationEmails)
    .values({ playerId, topic, sentAt: now })
    .onConflictDoNothing()
    .returning({ playerId: notificationEmails.playerId });
  return claimed.length > 0;
}

/** How long a mailed topic is remembered: a turn is long over by then (the longest clock is days). */
export const MAIL_TOPIC_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Forgets mailed topics older than `before`, at most `limit`; answers how many. */
export async function forgetMailTopics(db: Database, before: number, limit: number) {
  const gone = await db
    .delete(notificationEmails)
    .where(
      sql`rowid IN (SELECT rowid FROM ${notificationEmails} WHERE ${notificationEmails.sentAt} < ${before} LIMIT ${limit})`,
    )
    .returning({ playerId: notificationEmails.playerId });
  return gone.length;
}

/** A digest's line: a notification still unread. */
export interface DigestItem {
  kind: string;
  params: Record<string, string | undefined>;
  link: string | null;
  createdAt: number;
}

/**
 * Players owed today's digest: they want it, their e-mail is verified, none was sent to them on `day`, and
 * they have unread notifications of the delivered kinds newer than their last digest. At most `limit`.
 */
export async function playersOwedDigest(db: Database, day: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: players.id })
    .from(players)
    .innerJoin(preferences, eq(preferences.playerId, players.id))
    .innerJoin(notifications, eq(notifications.playerId, players.id))
    .leftJoin(notificationDigests, eq(notificationDigests.playerId, players.id))
    .where(
      and(
        eq(players.emailVerified, true),
        isNotNull(players.email),
        sql`json_extract(${preferences.notifications}, '$.digest') = 1`,
        inArray(notifications.kind, [...DELIVERED_KINDS]),
        or(isNull(notificationDigests.day), lt(notificationDigests.day, day)),
        or(isNull(notificationDigests.sentAt), gt(notifications.createdAt, notificationDigests.sentAt)),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The player's unread notifications of the delivered kinds since `since`, newest first, at most 20. */
export async function digestItems(db: Database, playerId: number, since: number): Promise<DigestItem[]> {
  const rows = await db
    .select({
      kind: notifications.kind,
      params: notifications.params,
      link: notifications.link,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.playerId, playerId),
        inArray(notifications.kind, [...DELIVERED_KINDS]),
        gt(notifications.createdAt, since),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(20);
  return rows.flatMap((row) => (row.kind ? [{ ...row, kind: row.kind, params: row.params ?? {} }] : []));
}

/** When the player's last digest went (0: never). */
export async function lastDigestAt(db: Database, playerId: number): Promise<number> {
  const row = await db.query.notificationDigests.findFirst({
    where: eq(notificationDigests.playerId, playerId),
  });
  return row?.sentAt ?? 0;
}

/**
 * Claims the player's digest of `day`; answers false when one went that day already (a second sweep
 * running at once, or a retried run), so a day has at most one.
 */
export async function claimDigest(db: Database, playerId: number, day: string, now = Date.now()) {
  const claimed = await db
    .insert(notificationDigests)
    .values({ playerId, day, sentAt: now })
    .onConflictDoUpdate({
      target: notificationDigests.playerId,
      set: { day, sentAt: now },
      setWhere: lt(notificationDigests.day, day),
    })
    .returning({ playerId: notificationDigests.playerId });
  return claimed.length > 0;
}
