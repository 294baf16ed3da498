import * as v from 'valibot';
import { PRESET_NAMES, type PresetName } from '../game/rules';
import type { GameSummary } from './games';
import type { Links } from './links';
import { pageQuery } from './page';
import type { PlayerRef } from './players';

/** Whose score: the rankings mark the practice bot's. */
export interface ScorePlayer extends PlayerRef {
  bot: boolean;
}

/** A completed game's score (SPEC.md section 3), as the lists show it. */
export interface ScoreSummary {
  id: number;
  player: ScorePlayer;
  value: number;
  /** The game's preset; null for a custom rule set (listed as "custom", never ranked). */
  preset: PresetName | null;
  gameId: number;
  createdAt: string;
  _links: Links<'self'>;
}

/** GET /api/scores/{id}: one score with the summary of its game (from the games index). */
export interface ScoreResource extends Omit<ScoreSummary, '_links'> {
  game: GameSummary;
  _links: Links<'self' | 'game' | 'player'>;
}

export const SCORE_SORTS = ['createdAt', 'value'] as const;

/**
 * The rankings' periods: `all` time; `week`, the last 7 days (a rolling 7 × 24 h before the request, so a
 * Monday morning's ranking is not empty); `today`, since 00:00 UTC of the request's day.
 */
export const SCORE_PERIODS = ['all', 'week', 'today'] as const;
export type ScorePeriod = (typeof SCORE_PERIODS)[number];

/** `preset=all`: every score, of every preset and custom rule sets (the scores list, not a ranking). */
export const ALL_PRESETS = 'all';

/**
 * Which scores a list or the statistics cover: a preset's (CLASSIC unless given; `all` for every score), a
 * period, and optionally one player's only.
 */
const scoreFilter = {
  preset: v.optional(v.picklist([...PRESET_NAMES, ALL_PRESETS], 'input-invalid'), 'CLASSIC'),
  period: v.optional(v.picklist(SCORE_PERIODS, 'input-invalid'), 'all'),
  playerId: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, 'input-invalid'), v.transform(Number))),
};

/** GET /api/scores/: a page (sorts `value`, `createdAt`; default newest first) of the filtered scores. */
export const ScoresQuery = v.object({ ...pageQuery(SCORE_SORTS, 'createdAt').entries, ...scoreFilter });

/** GET /api/scores/stats: the same filters as the list. */
export const ScoreStatsQuery = v.object(scoreFilter);

/**
 * GET /api/scores/stats: SPEC.md section 3's score labels over the filtered scores (one score per
 * completed game, so `totalGames` counts completed games). Null figures when there is no score.
 */
export interface ScoreStats {
  preset: PresetName | typeof ALL_PRESETS;
  period: ScorePeriod;
  playerId: number | null;
  totalGames: number;
  highScore: number | null;
  lowestScore: number | null;
  /** To one decimal. */
  averageScore: number | null;
  totalScore: number;
}
