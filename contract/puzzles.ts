import * as v from 'valibot';
import type { Position } from '../game/replay';
import { DAY_PATTERN, dayOf } from './days';

// Yamb puzzles (issue 30): the positions drawn from reviewed games, and a player's results. The puzzles
// themselves are made in the browser (game/puzzles.ts); the server keeps only what a player did, per
// player and unranked: an advisor anyone can run makes a puzzle ranking meaningless.

export const PUZZLE_RUN_MODES = ['STREAK', 'STORM'] as const;
/** STREAK: puzzles one after another until the first miss. STORM: as many as possible in STORM_SECONDS. */
export type PuzzleRunMode = (typeof PUZZLE_RUN_MODES)[number];

/** How long a storm run lasts. */
export const STORM_SECONDS = 180;

/**
 * What a miss costs in storm: ten seconds off the clock. Without it, clicking anything at once would beat
 * thinking (a storm counts puzzles solved, not tried); with it, a guess costs about what a look does.
 */
export const STORM_MISS_SECONDS = 10;

/**
 * The most a run may score: a storm solved at one puzzle a second, a streak far beyond a human sitting;
 * a higher score is a made-up request.
 */
export const MAX_RUN_SCORE = 500;

/** How many positions from games GET /api/puzzles/from-games answers at most. */
export const FROM_GAMES_PAGE = 20;

/** How many of a player's latest daily results GET /api/players/me/puzzles lists. */
export const RECENT_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day before `day`. */
export const previousDay = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) - DAY_MS);

const isCalendarDay = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) || 0) === day;

/** The `{day}` of PUT /api/puzzles/daily/{day}: a UTC calendar day, `YYYY-MM-DD`. */
export const PuzzleDay = v.pipe(
  v.string('day-invalid'),
  v.regex(DAY_PATTERN, 'day-invalid'),
  v.check(isCalendarDay, 'day-invalid'),
);

/** PUT /api/puzzles/daily/{day}: the day's answer; the first counts, a second is 409. */
export const DailyPuzzleBody = v.object({ solved: v.boolean('puzzle-solved-invalid') });

/** POST /api/puzzle-runs/: a finished streak or storm run, the puzzles solved in it. */
export const PuzzleRunBody = v.object({
  mode: v.picklist(PUZZLE_RUN_MODES, 'puzzle-mode-invalid'),
  score: v.pipe(
    v.number('puzzle-score-invalid'),
    v.integer('puzzle-score-invalid'),
    v.minValue(0, 'puzzle-score-invalid'),
    v.maxValue(MAX_RUN_SCORE, 'puzzle-score-invalid'),
  ),
});

/** GET /api/puzzles/from-games?after=<id>: the positions with a greater id (none: from the first). */
export const FromGamesQuery = v.object({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'puzzle-after-invalid'))),
});

/** A reviewed game's costly decision, as a puzzle's position; the browser checks its margin. */
export interface GamePuzzle {
  id: number;
  position: Position;
}

export interface GamePuzzles {
  puzzles: GamePuzzle[];
}

export interface DailyPuzzleResult {
  day: string;
  solved: boolean;
}

/** GET /api/players/me/puzzles: the player's own results (a guest's stay in the browser). */
export interface PlayerPuzzles {
  /** The latest daily answers, newest first. */
  days: DailyPuzzleResult[];
  /** Days in a row with the daily puzzle solved, ending today or yesterday. */
  dailyStreak: number;
  bestDailyStreak: number;
  /** The longest streak run. */
  bestStreak: number;
  /** The most puzzles solved in one storm. */
  bestStorm: number;
}

/** The solved days in a row ending today (or yesterday, today unanswered), and the longest such run. */
export function dailyStreaks(results: readonly DailyPuzzleResult[], today: string) {
  let best = 0;
  let run = 0;
  let expected: string | null = null;
  for (const { day, solved } of results) {
    run = solved ? (day === expected ? run + 1 : 1) : 0;
    best = Math.max(best, run);
    expected = previousDay(day);
  }
  let current = 0;
  expected = results[0]?.day === today ? today : previousDay(today);
  for (const { day, solved } of results) {
    if (day !== expected || !solved) break;
    current += 1;
    expected = previousDay(day);
  }
  return { current, best };
}
