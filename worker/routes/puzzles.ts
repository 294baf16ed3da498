import { Hono } from 'hono';
import { dayOf } from '../../contract/days';
import {
  DailyPuzzleBody,
  type DailyPuzzleResult,
  dailyStreaks,
  FROM_GAMES_PAGE,
  FromGamesQuery,
  type GamePuzzle,
  type GamePuzzles,
  type PlayerPuzzles,
  PuzzleDay,
  previousDay,
  PuzzleRunBody,
  RECENT_DAYS,
} from '../../contract/puzzles';
import type { Position } from '../../game/replay';
import { type AppContext, requirePlayer, type SessionVariables } from '../auth/session';
import {
  addPuzzleRun,
  answerDailyPuzzle,
  bestRuns,
  dailyPuzzleResults,
  listPuzzlePositions,
} from '../db/puzzles';
import type { PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { conflict, forbidden } from '../lib/errors';
import { check, readJson, readQuery } from '../lib/validate';

type Puzzles = { Bindings: Env; Variables: SessionVariables };

/** The signed-in registered player: a guest's puzzle results stay in their browser. */
async function registeredPlayer(c: AppContext): Promise<PlayerRow> {
  const me = await requirePlayer(c);
  if (me.guest) throw forbidden('puzzles-guest-not-allowed');
  return me;
}

/** The puzzles from reviewed games (anyone may play them) and the day's answer. */
export const puzzlesRoutes = new Hono<Puzzles>()
  // A stored position that no longer parses (written by an older build) is left out, not a 500.
  .get('/from-games', async (c) => {
    const { after } = readQuery(c, FromGamesQuery);
    const rows = await listPuzzlePositions(c.var.db, Number(after ?? 0), FROM_GAMES_PAGE);
    const puzzles: GamePuzzle[] = [];
    for (const row of rows) {
      try {
        puzzles.push({ id: row.id, position: JSON.parse(row.position) as Position });
      } catch {
        continue;
      }
    }
    return c.json({ puzzles } satisfies GamePuzzles);
  })
  // Today's puzzle, or yesterday's: a player who opened it just before midnight UTC may still answer it.
  .put('/daily/:day', async (c) => {
    const me = await registeredPlayer(c);
    const day = check(PuzzleDay, c.req.param('day'));
    const { solved } = await readJson(c, DailyPuzzleBody);
    const today = dayOf(Date.now());
    if (day !== today && day !== previousDay(today)) throw conflict('puzzle-day-closed');
    if (!(await answerDailyPuzzle(c.var.db, me.id, day, solved))) throw conflict('puzzle-day-answered');
    return c.json({ day, solved } satisfies DailyPuzzleResult);
  });

/** A finished streak or storm run. */
export const puzzleRunsRoutes = new Hono<Puzzles>().post('/', async (c) => {
  const me = await registeredPlayer(c);
  const { mode, score } = await readJson(c, PuzzleRunBody);
  await addPuzzleRun(c.var.db, me.id, mode, score);
  return c.json({ mode, score }, 201);
});

/** The player's own puzzle results (/api/players/me/puzzles): never anyone else's, never a ranking. */
export const playerPuzzlesRoutes = new Hono<Puzzles>().get('/me/puzzles', async (c) => {
  const me = await registeredPlayer(c);
  const [results, best] = await Promise.all([dailyPuzzleResults(c.var.db, me.id), bestRuns(c.var.db, me.id)]);
  const streaks = dailyStreaks(results, dayOf(Date.now()));
  return c.json({
    days: results.slice(0, RECENT_DAYS),
    dailyStreak: streaks.current,
    bestDailyStreak: streaks.best,
    bestStreak: best.STREAK,
    bestStorm: best.STORM,
  } satisfies PlayerPuzzles);
});
