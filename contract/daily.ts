import * as v from 'valibot';
import type { Rules } from '../game/rules';
import { DAY_PATTERN, dayOf } from './days';
import type { Links } from './links';
import { type Page, pageQuery } from './page';
import type { PlayerRef } from './players';

// Daily Yamb: one game a day (UTC) that every registered player plays with the same dice.
// The Worker answers these (worker/routes/daily.ts); the game itself is an ordinary game resource of
// type DAILY, played through its own links.

// The days live apart, without valibot, for the web app's first load (under 150 kB).
export * from './days';

/**
 * Who the day's ranking lists: the dice of a day are the same for everyone, so a player who
 * plays it first on a second account can learn them. A throwaway account therefore never ranks: only an
 * account at least this many days old (on the day ranked), with a verified e-mail and this many completed
 * games of any type, not banned. Everyone else plays as usual and sees their own score.
 */
export const DAILY_RANKED_ACCOUNT_DAYS = 7;
export const DAILY_RANKED_MIN_GAMES = 3;

/** Why a player is not in the day's ranking; `guest` also stands for a caller who is not signed in. */
export const DAILY_UNRANKED_REASONS = [
  'guest',
  'banned',
  'account-too-new',
  'email-unverified',
  'too-few-games',
] as const;
export type DailyUnrankedReason = (typeof DAILY_UNRANKED_REASONS)[number];

/**
 * Whether the caller's daily score counts in the day's ranking, and if not, every condition still missing:
 * `accountDaysToGo` days until the account is old enough (0 once it is), `completedGames` counted up to
 * DAILY_RANKED_MIN_GAMES.
 */
export interface DailyEligibility {
  ranked: boolean;
  unrankedReasons: DailyUnrankedReason[];
  accountDaysToGo: number;
  completedGames: number;
}

/**
 * GET /api/daily: today's day and, for a signed-in caller, whether they played it (the record of the
 * start outlives the game, which an admin may delete), their streak (the consecutive days, ending today
 * or yesterday, on which they completed the daily game) and whether their score is ranked. Links: `game`
 * while the game they started today exists, `start` while a registered player may still start it,
 * `scores` the day's ranking.
 */
export interface DailyResource {
  day: string;
  played: boolean;
  completed: boolean;
  streak: number;
  eligibility: DailyEligibility;
  /** The daily game's rule set: CLASSIC every day (one day's dice for everyone need one sheet). */
  rules: Rules;
  _links: Links<'self' | 'game' | 'start' | 'scores'>;
}

/**
 * A row of a day's ranking. `game` links to the game only once the day is over (its dice are no secret
 * then), and on the caller's own row.
 */
export interface DailyScore {
  player: PlayerRef;
  total: number;
  completedAt: string;
  _links: Links<'game'>;
}

/** GET /api/daily/scores: a page of the day's completed games; `final` is false while the day lasts. */
export type DailyScoresPage = Page<'scores', DailyScore> & { day: string; final: boolean };

/** GET /api/daily/players/{id}: any player's streak, and whether they started today's game. */
export interface DailyPlayerResource {
  streak: number;
  playedToday: boolean;
  _links: Links<'self'>;
}

export const DAILY_SCORE_SORTS = ['total', 'completedAt'] as const;

const isCalendarDay = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) || 0) === day;

/** GET /api/daily/scores: a page (default best total first) of `day` (default today; never a future day). */
export const DailyScoresQuery = v.object({
  ...pageQuery(DAILY_SCORE_SORTS, 'total').entries,
  day: v.optional(
    v.pipe(v.string(), v.regex(DAY_PATTERN, 'day-invalid'), v.check(isCalendarDay, 'day-invalid')),
  ),
});
