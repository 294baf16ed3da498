import * as v from 'valibot';
import { pageQuery } from './page';
import { DICE_SPEEDS, INVITATIONS, type Language } from './preferences';
import type { PresetName } from '../game/rules';
import type { SheetStats } from '../game/sheetStats';
import type { GameResource } from './gameResource';
import type { Health } from './health';
import type { Links } from './links';
import type { PlayerRef } from './playerRef';
import type { ReviewStats } from './replay';
import { ACTIVE_PAGE_MAX } from './presence';
import { RulesInput } from './rules';
import { presetQuery, type PresetRatings, type Rating } from './ratings';
import { NotificationChoicesBody } from './push';

export type { PlayerRef } from './playerRef';

export type PlayerStatus = 'ACTIVE' | 'BANNED';

export type PlayerLinkName =
  | 'self'
  | 'stats'
  | 'scores'
  | 'games'
  | 'clashes'
  | 'preferences'
  | 'username'
  | 'email'
  | 'logs'
  | 'avatar'
  | 'notifications'
  | 'ratings'
  | 'headToHead'
  | 'ban'
  | 'unban';

/**
 * A player (SPEC.md section 3), as GET /api/players/{id} and /me, sign-up, sign-in, refresh and the
 * account changes answer it. `email` is given to the player themselves and admins only, null to others.
 */
export interface PlayerResource {
  id: number;
  externalId: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  avatar: { url: string } | null;
  admin: boolean;
  guest: boolean;
  /** The practice opponent "Yamb Bot": it never signs in and plays only in clashes. */
  bot: boolean;
  /** The CLASSIC clash rating (contract/ratings.ts), `ratings.CLASSIC`; null for guests and the bot, who are never rated. */
  rating: Rating | null;
  /** The clash rating in every preset (issue 27); null for guests and the bot. */
  ratings: PresetRatings | null;
  /** How many of their games the player reviewed, and their average accuracy over the latest 20 (issue 30). */
  reviews: ReviewStats;
  status: PlayerStatus;
  /** Why and when an admin banned the player: given to admins only, null to others and when not banned. */
  banReason: string | null;
  bannedAt: string | null;
  createdAt: string;
  updatedAt: string;
  _links: Links<PlayerLinkName>;
}

/**
 * GET /api/auth/session: who the cookies sign in, if anyone. A visitor without a session is no error, so
 * the probe answers 200 with `player: null` (DESIGN.md "First visit"); an expired access token, or a refresh
 * cookie without an access cookie, is still a 401 token-expired, which the client answers with a refresh.
 * With no player it also says what GET /api/health says of the human check: the guest registration that
 * follows needs it, and asking /api/health first would be one more round trip before the first roll.
 */
export interface SessionResource extends Partial<Pick<Health, 'humanCheck' | 'turnstileSiteKey'>> {
  player: PlayerResource | null;
  /** With `?embed=currentGame` and a player: their current solo game (see CURRENT_GAME_EMBED). */
  _embedded?: CurrentGameEmbedded;
}

export { CURRENT_GAME_EMBED } from './embeds';

export interface CurrentGameEmbedded {
  currentGame?: GameResource;
}

/** POST /api/auth/register-guest: the new guest, with their current game when it was asked for. */
export interface GuestResource extends PlayerResource {
  _embedded?: CurrentGameEmbedded;
}

/** The sorts of GET /api/players/. */
export const PLAYER_SORTS = ['createdAt', 'updatedAt', 'name', 'id'] as const;

/**
 * Whom GET /api/players/ lists (`kind`): registered players by default, since guests (one made for every
 * visitor) would swell the list; `guests` only them, `all` both.
 */
export const PLAYER_KINDS = ['registered', 'guests', 'all'] as const;
export type PlayerKind = (typeof PLAYER_KINDS)[number];

const flag = v.optional(
  v.pipe(
    v.picklist(['true', 'false'], 'input-invalid'),
    v.transform((value) => value === 'true'),
  ),
);

/**
 * GET /api/players/: a page, optionally only the players whose name holds `name` (any case), of the
 * `kind` asked (registered by default). `guest=false` (the clash form's picker) takes registered players
 * in good standing only, whom a clash may invite, and `guest=true` guests; either overrides `kind`.
 * `bot=true` the practice bot, `bot=false` people only.
 */
export const PlayersQuery = v.object({
  ...pageQuery(PLAYER_SORTS, 'createdAt').entries,
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, 'input-invalid'))),
  kind: v.optional(v.picklist(PLAYER_KINDS, 'input-invalid'), 'registered'),
  guest: flag,
  bot: flag,
});

/** How many players the search answers at most. */
export const PLAYER_SEARCH_LIMIT = 8;

/** GET /api/players/search?q=: the text to look for in registered players' names (1 to 50 characters). */
export const PlayerSearchQuery = v.object({
  q: v.pipe(
    v.optional(v.string('search-invalid'), ''),
    v.trim(),
    v.minLength(1, 'search-invalid'),
    v.maxLength(50, 'search-invalid'),
  ),
});

/**
 * GET /api/players/active?q=&ids=&limit=: who is online, as much of it as a screen needs. `ids` (at most
 * ACTIVE_PAGE_MAX, comma-separated) asks which of those players are online; `q` looks for names holding
 * the text; with neither, the first players by name. `limit` (1 to ACTIVE_PAGE_MAX, 20 unless given).
 */
export const ActivePlayersQuery = v.object({
  q: v.optional(v.pipe(v.string('search-invalid'), v.trim(), v.maxLength(50, 'search-invalid')), ''),
  ids: v.optional(
    v.pipe(
      v.string('input-invalid'),
      v.regex(/^\d{1,12}(,\d{1,12})*$/, 'input-invalid'),
      v.transform((text) => [...new Set(text.split(',').map(Number))]),
      v.maxLength(ACTIVE_PAGE_MAX, 'input-invalid'),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.string('input-invalid'),
      v.regex(/^\d{1,3}$/, 'input-invalid'),
      v.transform(Number),
      v.minValue(1, 'input-invalid'),
      v.maxValue(ACTIVE_PAGE_MAX, 'input-invalid'),
    ),
    '20',
  ),
});

/** A player the search found: enough for a link to their page. */
export interface PlayerSearchHit extends PlayerRef {
  avatar: { url: string } | null;
  bot: boolean;
}

/** GET /api/players/search: the registered players whose name starts with the text, then those holding it. */
export interface PlayerSearchResult {
  _embedded: { players: PlayerSearchHit[] };
}

// The preferences' values live apart, without valibot, for the web app's first load (under 150 kB).
export * from './preferences';

export const PreferencesBody = v.object({
  language: v.pipe(
    v.optional(v.string('language-invalid'), ''),
    v.picklist(['en-US', 'en', 'hr'], 'language-invalid'),
    // The settings screen names English "en"; the stored value is the locale the app loads.
    v.transform((language): Language => (language === 'hr' ? 'hr' : 'en-US')),
  ),
  theme: v.pipe(v.optional(v.string('theme-invalid'), ''), v.picklist(['dark', 'light'], 'theme-invalid')),
  // Added later: a client that does not know it sends none and gets SPEC's animation.
  diceSpeed: v.optional(v.picklist(DICE_SPEEDS, 'dice-speed-invalid'), 'normal'),
  // Only the settings screen sends it: a body without it (the theme or language saved) keeps the stored one.
  invitations: v.optional(v.picklist(INVITATIONS, 'invitations-invalid')),
  // The rule set of the next new solo game (a preset's name or a custom object); left out keeps the stored one.
  rules: v.optional(RulesInput),
  // Push and e-mail per notification kind (issue 29); what is left out keeps the stored choice.
  notifications: v.optional(NotificationChoicesBody),
});

export const BAN_REASON_MAX = 200;

/**
 * `PUT /api/players/{id}/ban` (admins, the player's `ban` link): why, as the banned player is told when
 * they try to sign in.
 */
export const BanBody = v.object({
  reason: v.pipe(
    v.optional(v.string('ban-reason-invalid'), ''),
    v.trim(),
    v.minLength(1, 'ban-reason-invalid'),
    v.maxLength(BAN_REASON_MAX, 'ban-reason-invalid'),
  ),
});

/** A player's figures in one preset (null: every custom rule set together), from their completed games. */
export interface PresetFigures {
  preset: PresetName | null;
  scoreCount: number;
  highScore: number;
  /** To one decimal. */
  averageScore: number;
}

/** GET /api/players/{id}/stats: the figures of a player's detail. */
export interface PlayerStats {
  /** Best and average per preset, the presets in PRESET_NAMES' order and custom last; only those played. */
  presets: PresetFigures[];
  totalGames: number;
  scoreCount: number;
  highScore: number | null;
  lowestScore: number | null;
  averageScore: number | null;
  totalScore: number;
}

/** GET /api/players/stats?preset=: the preset whose highest score and average are named (CLASSIC unless given). */
export const OverallStatsQuery = v.object({ preset: presetQuery });

/**
 * GET /api/players/stats: SPEC.md section 3's statistics labels about players (the score labels are
 * GET /api/scores/stats). `totalGames` counts games played (not only opened), in progress or not;
 * `highestAverage` is over each player's completed games' scores. `newestPlayer` is a registered one.
 */
export interface OverallStats {
  /** Registered players (the bot aside): guests, one per visitor, are counted apart. */
  totalPlayers: number;
  totalGuests: number;
  totalGames: number;
  newestPlayer: (PlayerRef & { createdAt: string }) | null;
  mostGamesPlayer: (PlayerRef & { games: number }) | null;
  highestScore: (PlayerRef & { value: number }) | null;
  highestAverage: (PlayerRef & { average: number }) | null;
}

/** How many of a player's latest finished games GET /api/players/{id}/yamb-stats reads. */
export const YAMB_STATS_GAMES = 30;

/**
 * GET /api/players/{id}/yamb-stats: what Yamb players compare, over the player's latest finished games
 * (at most YAMB_STATS_GAMES; game/sheetStats.ts): Yambs written, each column's average, the bonus rate and
 * the best column.
 */
export type PlayerYambStats = SheetStats;
