import { and, eq, inArray } from 'drizzle-orm';
import type { AccountPreferences, Invitations, Preferences } from '../../contract/players';
import { CLASSIC_RULES, describeRules, parseRules, type RuleSet } from '../../game/rules';
import type { Database } from './client';
import { latestSoloRules } from './games';
import { preferences } from './schema';
import {
  DELIVERED_KINDS,
  notificationChoices,
  type NotificationChoices,
  type NotificationChoicesInput,
} from '../../contract/push';

type PreferencesRow = typeof preferences.$inferSelect;

/**
 * The rule set a player's new solo game is made with: the one stored with their preferences, else their
 * latest solo game's (a guest keeps no preferences on the server, yet the rules they chose last stay
 * theirs), else CLASSIC.
 */
export async function preferredRules(db: Database, playerId: number, stored?: unknown): Promise<RuleSet> {
  const chosen =
    stored === undefined
      ? (
          await db.query.preferences.findFirst({
            columns: { rules: true },
            where: eq(preferences.playerId, playerId),
          })
        )?.rules
      : stored;
  return parseRules(chosen) ?? (await latestSoloRules(db, playerId)) ?? CLASSIC_RULES;
}

/** The stored notification choices with `changes` over them: what a body leaves out stays as it was. */
async function mergedChoices(
  db: Database,
  playerId: number,
  changes: NotificationChoicesInput,
): Promise<NotificationChoices> {
  const row = await db.query.preferences.findFirst({
    columns: { notifications: true },
    where: eq(preferences.playerId, playerId),
  });
  const stored = notificationChoices(row?.notifications);
  const kinds = Object.fromEntries(
    DELIVERED_KINDS.map((kind) => [
      kind,
      { ...stored.kinds[kind], ...stripUndefined(changes.kinds?.[kind]) },
    ]),
  ) as NotificationChoices['kinds'];
  return { kinds, digest: changes.digest ?? stored.digest };
}

const stripUndefined = <T extends object>(value: T | undefined) =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A player's preferences as the API answers them. */
const answer = async (db: Database, row: PreferencesRow): Promise<AccountPreferences> => ({
  language: row.language,
  theme: row.theme,
  diceSpeed: row.diceSpeed,
  invitations: row.invitations,
  rules: describeRules(await preferredRules(db, row.playerId, row.rules)),
  notifications: notificationChoices(row.notifications),
});

export async function findPreferences(db: Database, playerId: number): Promise<AccountPreferences | null> {
  const row = await db.query.preferences.findFirst({ where: eq(preferences.playerId, playerId) });
  return row ? answer(db, row) : null;
}

/**
 * Creates or replaces the player's preferences; `invitations` or `rules` left out keeps the stored choice
 * (the column's default for a new row). Returns them as stored.
 */
export async function savePreferences(
  db: Database,
  playerId: number,
  wanted: Preferences & {
    invitations?: Invitations | undefined;
    rules?: RuleSet | undefined;
    notifications?: NotificationChoicesInput | undefined;
  },
): Promise<AccountPreferences> {
  const { invitations, rules, notifications, ...rest } = wanted;
  const values = {
    ...rest,
    ...(invitations ? { invitations } : {}),
    ...(rules ? { rules } : {}),
    ...(notifications ? { notifications: await mergedChoices(db, playerId, notifications) } : {}),
    updatedAt: Date.now(),
  };
  const [row] = await db
    .insert(preferences)
    .values({ playerId, ...values })
    .onConflictDoUpdate({ target: preferences.playerId, set: values })
    .returning();
  if (!row) throw new Error('preferences upsert returned no row');
  return answer(db, row);
}

/**
 * A new solo game was made with `rules` (PUT /api/games/): they are the player's preferred rule set from
 * now on. A player with no preferences stored (a guest) has none to update: `preferredRules` then reads
 * the game itself.
 */
export async function savePreferredRules(db: Database, playerId: number, rules: RuleSet): Promise<void> {
  await db
    .update(preferences)
    .set({ rules, updatedAt: Date.now() })
    .where(eq(preferences.playerId, playerId));
}

/** Which of `playerIds` take clash invitations only from players they know. */
export async function knownOnly(db: Database, playerIds: number[]): Promise<number[]> {
  if (!playerIds.length) return [];
  const rows = await db
    .select({ id: preferences.playerId })
    .from(preferences)
    .where(and(inArray(preferences.playerId, playerIds), eq(preferences.invitations, 'known')));
  return rows.map((row) => row.id);
}
