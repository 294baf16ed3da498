import { Hono } from 'hono';
import { CLASH_SORTS } from '../../contract/clashes';
import { GAME_SORTS } from '../../contract/games';
import { toGameState } from '../../contract/gameState';
import { pageQuery } from '../../contract/page';
import { type PlayerYambStats, YAMB_STATS_GAMES } from '../../contract/players';
import { sheetStats } from '../../game';
import { RatingChangesQuery } from '../../contract/ratings';
import { SCORE_SORTS } from '../../contract/scores';
import { currentPlayer, requirePlayer, type SessionVariables } from '../auth/session';
import { playerClashes } from '../db/clashes';
import { finishedGameIds, listGames } from '../db/games';
import { headToHead, playerRatingChanges } from '../db/ratings';
import { playerScores } from '../db/scores';
import { playerStats } from '../db/stats';
import type { Env } from '../env';
import { badRequest } from '../lib/errors';
import { page } from '../lib/hal';
import { clashViewOf, toClashResource } from '../lib/resources/clashes';
import { toGameSummary } from '../lib/resources/game';
import { toHeadToHead, toRatingChange } from '../lib/resources/ratings';
import { toScoreSummary } from '../lib/resources/scores';
import { readQuery } from '../lib/validate';
import { gameHome } from '../rooms';
import { pathPlayer } from './pathPlayer';

type PlayerActivity = { Bindings: Env; Variables: SessionVariables };

/** What anyone may read about a player's play (/api/players/:id/...): figures, scores, games, clashes. */
export const playerActivityRoutes = new Hono<PlayerActivity>()
  .get('/:id/stats', async (c) => {
    const player = await pathPlayer(c);
    return c.json(await playerStats(c.var.db, player.id));
  })
  // The sheets live in the games' rooms, not in D1: each of the latest finished games is asked for its own
  // (as a visitor sees it), and a room that does not answer leaves its game out.
  .get('/:id/yamb-stats', async (c) => {
    const player = await pathPlayer(c);
    const db = c.var.db;
    const ids = await finishedGameIds(db, player.id, YAMB_STATS_GAMES);
    const sheets = await Promise.all(
      ids.map(async (id) => {
        const home = await gameHome(c.env, db, id).catch(() => null);
        const result = await home?.owner.get(null).catch(() => null);
        return result?.ok ? toGameState(result.game).sheet : null;
      }),
    );
    return c.json(sheetStats(sheets.filter((sheet) => sheet !== null)) satisfies PlayerYambStats);
  })
  .get('/:id/scores', async (c) => {
    const request = readQuery(c, pageQuery(SCORE_SORTS, 'createdAt'));
    const player = await pathPlayer(c);
    const { rows, total } = await playerScores(c.var.db, player.id, request);
    const items = rows.map((row) => toScoreSummary(row.score, row.player));
    return c.json(page('scores', items, request, total));
  })
  .get('/:id/games', async (c) => {
    const request = readQuery(c, pageQuery(GAME_SORTS, 'updatedAt'));
    const player = await pathPlayer(c);
    const { rows, total } = await listGames(c.var.db, request, player.id);
    return c.json(page('games', rows.map(toGameSummary), request, total));
  })
  .get('/:id/clashes', async (c) => {
    const request = readQuery(c, pageQuery(CLASH_SORTS, 'createdAt'));
    const player = await pathPlayer(c);
    // Another player's pending clashes are listed only to those invited to them too.
    const viewerId = (await currentPlayer(c))?.id ?? null;
    const { rows, total } = await playerClashes(c.var.db, player.id, request, viewerId);
    const items = rows.map((row) =>
      toClashResource(clashViewOf(row.clash, row.owner, row.members), viewerId, Date.now()),
    );
    return c.json(page('clashes', items, request, total));
  })
  // The player's rated clashes of a preset: their rating before and after each (the player page's chart).
  .get('/:id/ratings', async (c) => {
    const { preset, ...request } = readQuery(c, RatingChangesQuery);
    const player = await pathPlayer(c);
    const { rows, total } = await playerRatingChanges(c.var.db, player.id, request, preset);
    return c.json(page('ratings', rows.map(toRatingChange), request, total));
  })
  // The signed-in viewer's record against the player; against oneself there is none to give.
  .get('/:id/head-to-head', async (c) => {
    const me = await requirePlayer(c);
    const player = await pathPlayer(c);
    if (player.id === me.id) throw badRequest('head-to-head-self');
    const record = await headToHead(c.var.db, me.id, player.id);
    return c.json(toHeadToHead({ id: player.id, name: player.name }, record));
  });
