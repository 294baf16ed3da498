import { Hono } from 'hono';
import {
  ALL_PRESETS,
  type ScorePeriod,
  ScoresQuery,
  type ScoreStats,
  ScoreStatsQuery,
} from '../../contract/scores';
import type { PresetName } from '../../game/rules';
import type { SessionVariables } from '../auth/session';
import { findScore, listScores, type ScoreFilter } from '../db/scores';
import { scoreStats } from '../db/stats';
import type { Env } from '../env';
import { notFound } from '../lib/errors';
import { page } from '../lib/hal';
import { toScoreResource, toScoreSummary } from '../lib/resources/scores';
import { pathId, readQuery } from '../lib/validate';

type Scores = { Bindings: Env; Variables: SessionVariables };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a period starts (contract/scores.ts SCORE_PERIODS): undefined for all time. */
export function periodStart(period: ScorePeriod, now = Date.now()): number | undefined {
  if (period === 'today') return now - (now % DAY_MS);
  if (period === 'week') return now - 7 * DAY_MS;
  return undefined;
}

const filterOf = (query: {
  preset: PresetName | typeof ALL_PRESETS;
  period: ScorePeriod;
  playerId?: number;
}): ScoreFilter => ({
  preset: query.preset === ALL_PRESETS ? undefined : query.preset,
  since: periodStart(query.period),
  playerId: query.playerId,
});

function scoreId(c: Parameters<typeof pathId>[0]): number {
  try {
    return pathId(c);
  } catch {
    throw notFound('score-not-found');
  }
}

// Scores are public: the rankings are for everyone, signed in or not.
export const scoresRoutes = new Hono<Scores>()
  // The rankings: `sort=value&order=DESC` with a `preset` (CLASSIC unless given) and a `period`; optionally
  // one player's (`playerId`). `preset=all` lists every score, custom rule sets' too (the scores list).
  .get('/', async (c) => {
    const { preset, period, playerId, ...request } = readQuery(c, ScoresQuery);
    const db = c.var.db;
    const { rows, total } = await listScores(db, request, filterOf({ preset, period, playerId }));
    const items = rows.map((row) => toScoreSummary(row.score, row.player));
    return c.json(page('scores', items, request, total));
  })
  // Declared before /:id, which would take "stats" for an id.
  .get('/stats', async (c) => {
    const query = readQuery(c, ScoreStatsQuery);
    const figures = await scoreStats(c.var.db, filterOf(query));
    return c.json({
      preset: query.preset,
      period: query.period,
      playerId: query.playerId ?? null,
      ...figures,
    } satisfies ScoreStats);
  })
  .get('/:id', async (c) => {
    const row = await findScore(c.var.db, scoreId(c));
    if (!row) throw notFound('score-not-found');
    return c.json(toScoreResource(row.score, row.player, row.game));
  });
