import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { NOTIFICATION_KINDS, type NotificationParams } from '../../contract/notifications';
import { TICKET_STATUSES } from '../../contract/tickets';
import { RATING_MU, RATING_SIGMA } from '../../contract/ratings';
import { PRESET_NAMES, type RuleSet } from '../../game/rules';
import type { NotificationChoices } from '../../contract/push';

// Times are epoch milliseconds: D1 has no date type and numbers sort and compare cheaply.
const createdAt = () =>
  integer('created_at')
    .notNull()
    .default(sql`(unixepoch() * 1000)`);
const updatedAt = () =>
  integer('updated_at')
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

export const players = sqliteTable(
  'players',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    avatarKey: text('avatar_key'),
    admin: integer('admin', { mode: 'boolean' }).notNull().default(false),
    guest: integer('guest', { mode: 'boolean' }).notNull().default(true),
    /** The practice opponent (migration 0009 inserts it): registered, never signs in, plays in clash rooms. */
    bot: integer('bot', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: ['ACTIVE', 'BANNED'] })
      .notNull()
      .default('ACTIVE'),
    /**
     * Access tokens signed before this moment are refused: set by logout, a password change or reset,
     * a stolen refresh token and a ban, so the ending takes effect at once instead of when the token expires.
     */
    tokensValidAfter: integer('tokens_valid_after').notNull().default(0),
    /** Why an admin banned the player (shown to them when they try to sign in) and when; null unless BANNED. */
    banReason: text('ban_reason'),
    bannedAt: integer('banned_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('players_external_id_unique').on(t.externalId),
    // Usernames are unique regardless of case; so are e-mails, among verified ones only: an address
    // someone typed but never confirmed claims nothing (anyone may type anyone's address).
    uniqueIndex('players_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('players_verified_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerified} = 1`),
    index('players_email_idx').on(sql`lower(${t.email})`),
    // The sorts of the players list (name in SQLite's byte order, as the list sorts it; id is the key).
    index('players_created_at_idx').on(t.createdAt),
    index('players_updated_at_idx').on(t.updatedAt),
    index('players_name_idx').on(t.name),
  ],
);

export const credentials = sqliteTable('credentials', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  algorithm: text('algorithm').notNull().default('PBKDF2-SHA256'),
  iterations: integer('iterations').notNull(),
  salt: text('salt').notNull(),
  hash: text('hash').notNull(),
  updatedAt: updatedAt(),
});

/**
 * What ends a sign-in: a sign-out or a sign-in over it in the same browser, a password change or reset, a
 * ban, or the reuse of a rotated refresh token (a stolen copy).
 */
export const SESSION_ENDINGS = ['SIGN_OUT', 'PASSWORD', 'BAN', 'THEFT'] as const;
export type SessionEnding = (typeof SESSION_ENDINGS)[number];

/** Refresh tokens, stored hashed. A family is one sign-in; rotation keeps the family. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    rotatedAt: integer('rotated_at'),
    revokedAt: integer('revoked_at'),
    /** What revoked it: its holder is told why they were signed out (auth/sessionEnd.ts). */
    endedBy: text('ended_by', { enum: SESSION_ENDINGS }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_player_id_idx').on(t.playerId),
    index('sessions_family_id_idx').on(t.familyId),
  ],
);

/** Single-use e-mail verification and password-reset tokens, stored hashed. */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['VERIFY_EMAIL', 'RESET_PASSWORD'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_unique').on(t.tokenHash),
    index('email_tokens_player_id_idx').on(t.playerId),
  ],
);

export const preferences = sqliteTable('preferences', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  language: text('language', { enum: ['en-US', 'hr'] }).notNull(),
  theme: text('theme', { enum: ['dark', 'light'] }).notNull(),
  diceSpeed: text('dice_speed', { enum: ['normal', 'fast', 'off'] })
    .notNull()
    .default('normal'),
  /** Who may invite the player to a clash: anyone, or only players they already know (not strangers). */
  invitations: text('invitations', { enum: ['everyone', 'known'] })
    .notNull()
    .default('everyone'),
  /** The rule set a new solo game is made with (game/rules.ts `RuleSet` as JSON); null is CLASSIC. */
  rules: text('rules', { mode: 'json' }).$type<RuleSet>(),
  /** Push and e-mail per notification kind, and the digest (contract/push.ts); null: the defaults. */
  notifications: text('notifications', { mode: 'json' }).$type<Partial<NotificationChoices>>(),
  updatedAt: updatedAt(),
});

export const clashes = sqliteTable(
  'clashes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    type: text('type', { enum: ['LIVE'] })
      .notNull()
      .default('LIVE'),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    // ABANDONED needs no migration: SQLite keeps a text enum as plain text.
    status: text('status', { enum: ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'ABANDONED', 'CANCELLED'] })
      .notNull()
      .default('PENDING'),
    turn: integer('turn').notNull().default(0),
    winnerId: integer('winner_id').references(() => players.id, { onDelete: 'set null' }),
    /** The rule set's preset, null for a custom one (neither rated nor ranked); clashes before rule sets are CLASSIC. */
    preset: text('preset', { enum: PRESET_NAMES }).default('CLASSIC'),
    /** The rule set itself (game/rules.ts `RuleSet` as JSON); null is CLASSIC. */
    rules: text('rules', { mode: 'json' }).$type<RuleSet>(),
    /** The turn clock in seconds (null: untimed); a day or more is a correspondence clash (issue 29). */
    turnSeconds: integer('turn_seconds'),
    /** While in progress with a clock: when the turn on runs out (epoch ms), for the lists' time left. */
    turnDeadline: integer('turn_deadline'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clashes_owner_id_idx').on(t.ownerId),
    index('clashes_winner_id_idx').on(t.winnerId),
    index('clashes_status_updated_at_idx').on(t.status, t.updatedAt),
    index('clashes_created_at_idx').on(t.createdAt),
  ],
);

/** The index of games; the authoritative state lives in the game's room (GameRoom or ClashRoom). */
export const games = sqliteTable(
  'games',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    clashId: integer('clash_id').references(() => clashes.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['SOLO', 'CLASH', 'DAILY'] })
      .notNull()
      .default('SOLO'),
    status: text('status', { enum: ['IN_PROGRESS', 'COMPLETED', 'ARCHIVED'] })
      .notNull()
      .default('IN_PROGRESS'),
    totalSum: integer('total_sum').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    /** The rule set's preset, null for a custom one; games before rule sets are CLASSIC. */
    preset: text('preset', { enum: PRESET_NAMES }).default('CLASSIC'),
    /** The rule set itself (game/rules.ts `RuleSet` as JSON); null is CLASSIC. */
    rules: text('rules', { mode: 'json' }).$type<RuleSet>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A player's games by status; with the two times it also counts the games played (db/games.ts
    // `playedGame`) per player from the index alone, for the statistics' player with most games.
    index('games_player_id_played_idx').on(t.playerId, t.status, t.updatedAt, t.createdAt),
    // A player has at most one current solo game, so two concurrent "get or create" calls can't make two.
    uniqueIndex('games_current_solo_unique')
      .on(t.playerId)
      .where(sql`${t.type} = 'SOLO' AND ${t.status} != 'ARCHIVED'`),
    index('games_clash_id_idx').on(t.clashId),
    // One game per player in a clash: a retried start inserts nothing twice (db/clashes.ts `clashGameRows`).
    uniqueIndex('games_clash_player_unique').on(t.clashId, t.playerId),
    // The sorts of the games lists: everyone's, and one player's by last play.
    index('games_updated_at_idx').on(t.updatedAt),
    index('games_created_at_idx').on(t.createdAt),
    index('games_total_sum_idx').on(t.totalSum),
    index('games_player_id_updated_at_idx').on(t.playerId, t.updatedAt),
  ],
);

export const clashPlayers = sqliteTable(
  'clash_players',
  {
    clashId: integer('clash_id')
      .notNull()
      .references(() => clashes.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'DECLINED'] })
      .notNull()
      .default('PENDING'),
    position: integer('position').notNull(),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    score: integer('score'),
    /** Once completed: the place the ratings and head-to-head count (db/ratings.ts `ratingPlaces`). */
    place: integer('place'),
  },
  (t) => [
    primaryKey({ columns: [t.clashId, t.playerId] }),
    index('clash_players_player_id_idx').on(t.playerId),
    index('clash_players_game_id_idx').on(t.gameId),
  ],
);

/** One row per completed game: unique on game id so a retried write never counts twice. */
export const scores = sqliteTable(
  'scores',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    value: integer('value').notNull(),
    /** The game's preset, null for a custom rule set (never ranked); scores before rule sets are CLASSIC. */
    preset: text('preset', { enum: PRESET_NAMES }).default('CLASSIC'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scores_game_id_unique').on(t.gameId),
    // The rankings of one preset: by value, and a period (a range of created_at) by value.
    index('scores_preset_value_idx').on(t.preset, t.value),
    index('scores_preset_created_at_value_idx').on(t.preset, t.createdAt, t.value),
    // The rankings: everyone's by value or date (a period is a range of created_at), one player's likewise;
    // (player_id, value) also serves the per-player averages of the statistics without reading the rows.
    // A period's best read (created_at, value) alone: see db/scores.ts `listScores`.
    index('scores_value_idx').on(t.value),
    index('scores_created_at_value_idx').on(t.createdAt, t.value),
    index('scores_player_id_value_idx').on(t.playerId, t.value),
    index('scores_player_id_created_at_idx').on(t.playerId, t.createdAt),
  ],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** What it is about (contract/notifications.ts); the client words it from this and `params`. */
    kind: text('kind', { enum: NOTIFICATION_KINDS }),
    params: text('params', { mode: 'json' }).$type<NotificationParams>(),
    content: text('content').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_player_id_created_at_idx').on(t.playerId, t.createdAt)],
);

export const logs = sqliteTable(
  'logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    level: text('level', { enum: ['DEBUG', 'INFO', 'WARN', 'ERROR'] }).notNull(),
    message: text('message').notNull(),
    data: text('data', { mode: 'json' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('logs_player_id_idx').on(t.playerId),
    index('logs_created_at_idx').on(t.createdAt),
    index('logs_level_created_at_idx').on(t.level, t.createdAt),
  ],
);

export const tickets = sqliteTable(
  'tickets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    emailAddresses: text('email_addresses', { mode: 'json' }).$type<string[]>(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('OPEN'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_player_id_updated_at_idx').on(t.playerId, t.updatedAt),
    index('tickets_updated_at_idx').on(t.updatedAt),
    index('tickets_created_at_idx').on(t.createdAt),
    index('tickets_status_updated_at_idx').on(t.status, t.updatedAt),
  ],
);

/**
 * The local store of the data points (worker/lib/dataPoints.ts): in development every point written to the
 * Analytics Engine dataset is also a row here, since `wrangler dev` drops Analytics Engine writes and has no
 * SQL API; GET /api/metrics computes the same figures from these rows when the SQL API is not configured.
 * Production writes none. Columns follow the dataset's layout (blob1..blob5, double1..double2).
 */
export const dataPoints = sqliteTable(
  'data_points',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** blob1: `request` or `room`. */
    kind: text('kind').notNull(),
    /** blob2: the route pattern (`GET /api/games/:id`) or the room's event (`move`, `socket-open`, `alarm`). */
    name: text('name').notNull(),
    /** blob3: the status class (`2xx` .. `5xx`) or the room's class (`GameRoom`, `ClashRoom`). */
    detail: text('detail').notNull(),
    /** blob4: the Cloudflare data centre that answered (`request.cf.colo`), `local` without one. */
    colo: text('colo').notNull(),
    /** blob5: the room's id; empty for requests. */
    room: text('room').notNull(),
    /** double1: wall time from the first middleware to the answer, in ms; 0 for rooms. */
    durationMs: real('duration_ms').notNull(),
    /** double2: the answer's status; 0 for rooms. */
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('data_points_kind_created_at_idx').on(t.kind, t.createdAt)],
);

/** Mail written locally instead of sent; production sends through the e-mail binding and records it here. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: integer('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_at_idx').on(t.createdAt), index('outbox_to_address_idx').on(t.toAddress)],
);

/** Sliding-window counters for rate limits (sign-in, registration, e-mail); D1 keeps local dev identical to production. */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
    /** The count of the window before, weighted into the current one so a window's edge is no reset. */
    previousCount: integer('previous_count').notNull().default(0),
    /** When the row counts for nothing any more (the end of the window after the current one): then it is deleted. */
    expiresAt: integer('expires_at').notNull().default(0),
  },
  (t) => [index('rate_limits_expires_at_idx').on(t.expiresAt)],
);

/**
 * Each UTC day's secret of the daily game's dice (worker/lib/dailyDice.ts): made by the day's first
 * request (insert or ignore, then read, so concurrent first requests agree), handed to the day's rooms,
 * never answered to a client.
 */
export const dailyDays = sqliteTable('daily_days', {
  day: text('day').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * One row per player and day: written with the daily game's index row when it starts (the key makes a
 * second start fail), its total and completion time set once by the room's index writer.
 */
export const dailyGames = sqliteTable(
  'daily_games',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    total: integer('total'),
    completedAt: integer('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.day] }),
    uniqueIndex('daily_games_game_id_unique').on(t.gameId),
    // A day's ranking, best first.
    index('daily_games_day_total_idx').on(t.day, t.total),
  ],
);

export type DailyGameRow = typeof dailyGames.$inferSelect;

/**
 * One row per player and day on which the player was told that the daily game waits: its key makes the
 * notification once a day even when two requests race, and outlives the notification (read = deleted).
 */
export const dailyNotices = sqliteTable(
  'daily_notices',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.day] })],
);

/**
 * One row per player and day on which the player started the daily game. Unlike daily_games it does not
 * go with the game's row: deleting the day's game (an admin's own included) never lets anyone play the
 * same dice again.
 */
export const dailyPlays = sqliteTable(
  'daily_plays',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.day] })],
);

export type PlayerRow = typeof players.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type ClashRow = typeof clashes.$inferSelect;
export type ScoreRow = typeof scores.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type LogRow = typeof logs.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type DataPointRow = typeof dataPoints.$inferSelect;

/**
 * One row per rated clash and player: the rating before and after it. Its key is what makes a retried
 * completion rate nobody twice (db/ratings.ts guards each player's update on this row not existing yet).
 */
export const ratingChanges = sqliteTable(
  'rating_changes',
  {
    clashId: integer('clash_id')
      .notNull()
      .references(() => clashes.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    /** The rated clash's preset (the rating it moved); clashes rated before presets were CLASSIC. */
    preset: text('preset', { enum: PRESET_NAMES }).notNull().default('CLASSIC'),
    muBefore: real('mu_before').notNull(),
    sigmaBefore: real('sigma_before').notNull(),
    muAfter: real('mu_after').notNull(),
    sigmaAfter: real('sigma_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clashId, t.playerId] }),
    // A player's history, newest first.
    index('rating_changes_player_id_created_at_idx').on(t.playerId, t.createdAt),
  ],
);

export type RatingChangeRow = typeof ratingChanges.$inferSelect;

/**
 * A player's clash rating in one preset (Weng-Lin, db/ratings.ts): a row from their first rated clash of
 * that preset on; no row is the default rating, unrated. Custom rule sets are never rated. Migration 0018
 * carried the ratings players had before presets over as CLASSIC.
 */
export const playerRatings = sqliteTable(
  'player_ratings',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    preset: text('preset', { enum: PRESET_NAMES }).notNull(),
    mu: real('mu').notNull().default(RATING_MU),
    sigma: real('sigma').notNull().default(RATING_SIGMA),
    ratedClashes: integer('rated_clashes').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.preset] }),
    // The rating tab of a preset: its players by mu (the displayed value's order), the id breaking ties.
    index('player_ratings_preset_mu_idx').on(t.preset, t.mu, t.playerId),
  ],
);

export type PlayerRatingRow = typeof playerRatings.$inferSelect;

/**
 * An open challenge (issue 29): a link anyone may join, seat 0 its maker; OPEN until full (STARTED, with its
 * clash) or CANCELLED by its maker; past `expiresAt` unused it is EXPIRED, and the sweep deletes it.
 */
export const challenges = sqliteTable(
  'challenges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    makerId: integer('maker_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rules: text('rules', { mode: 'json' }).$type<RuleSet>().notNull(),
    turnSeconds: integer('turn_seconds'),
    /** Players in all, the maker included: 2 or 3. */
    seats: integer('seats').notNull(),
    status: text('status', { enum: ['OPEN', 'STARTED', 'CANCELLED'] })
      .notNull()
      .default('OPEN'),
    clashId: integer('clash_id').references(() => clashes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('challenges_code_unique').on(t.code),
    index('challenges_maker_id_status_idx').on(t.makerId, t.status),
    index('challenges_status_expires_at_idx').on(t.status, t.expiresAt),
  ],
);

export type ChallengeRow = typeof challenges.$inferSelect;

/** A seat taken in a challenge by whoever joined it (seat 1 on; the maker's seat 0 is not stored). */
export const challengeSeats = sqliteTable(
  'challenge_seats',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    joinedAt: integer('joined_at')
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.seat] }),
    uniqueIndex('challenge_seats_challenge_id_player_id_unique').on(t.challengeId, t.playerId),
    index('challenge_seats_player_id_idx').on(t.playerId),
  ],
);

/** Who follows whom (issue 29): one way, needing no acceptance; the followed player may remove a follower. */
export const follows = sqliteTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    followedId: integer('followed_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followedId] }),
    // A player's followers, newest first.
    index('follows_followed_id_idx').on(t.followedId, t.createdAt),
  ],
);

/** Who blocks whom (issue 29): the blocked player cannot challenge, follow or talk to the blocker. */
export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_id_idx').on(t.blockedId),
  ],
);

/** A device's Web Push subscription (issue 29): one row per endpoint, deleted when its push service says 404/410. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The VAPID public key the browser subscribed with: after a rotation the app subscribes again. */
    publicKey: text('public_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_player_idx').on(t.playerId),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** What was mailed to whom (`topic`: a clash's link and its turn), so a turn is mailed at most once. */
export const notificationEmails = sqliteTable(
  'notification_emails',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    sentAt: integer('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.topic] }),
    index('notification_emails_sent_at_idx').on(t.sentAt),
  ],
);

/** The day (UTC) of a player's last daily digest: at most one a day. */
export const notificationDigests = sqliteTable('notification_digests', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  day: text('day').notNull(),
  sentAt: integer('sent_at').notNull(),
});

/** A player's review of their own finished game (issue 30): the figures the server checked against its log. */
export const gameReviews = sqliteTable(
  'game_reviews',
  {
    gameId: integer('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    decisions: integer('decisions').notNull(),
    accuracy: real('accuracy').notNull(),
    pointsLost: real('points_lost').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('game_reviews_player_idx').on(t.playerId, t.createdAt)],
);

/**
 * A reviewed game's costliest decision as a position (game/replay.ts `Position`, JSON), read from the game's
 * log by the server: the puzzles drawn from real games.
 */
export const puzzlePositions = sqliteTable(
  'puzzle_positions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The decision's index among the game's graded decisions. */
    decision: integer('decision').notNull(),
    position: text('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('puzzle_positions_game_decision_unique').on(t.gameId, t.decision)],
);

/** A player's answer to a day's puzzle (issue 30): one per day, the first counts. */
export const puzzleDays = sqliteTable(
  'puzzle_days',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    solved: integer('solved', { mode: 'boolean' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.day] })],
);

/** A finished streak or storm run of a player's puzzles (issue 30): its score, unranked. */
export const puzzleRuns = sqliteTable(
  'puzzle_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['STREAK', 'STORM'] }).notNull(),
    score: integer('score').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('puzzle_runs_player_mode_idx').on(t.playerId, t.mode, t.score)],
);
