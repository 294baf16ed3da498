import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import type { RoomAction, RoomResult } from '../../durable-objects/gameRecord';
import { AnnounceBody, CurrentGameBody, FillBody, GAME_SORTS, NoBody, RollBody } from '../../contract/games';
import { pageQuery } from '../../contract/page';
import { requireAdmin } from '../auth/admin';
import {
  type AppContext,
  requirePlayer,
  requireTokenViewer,
  type SessionVariables,
  tokenViewer,
} from '../auth/session';
import { forgetGameRow, listGames } from '../db/games';
import type { Env } from '../env';
import { AppError, conflict, databaseDown, forbidden, notFound } from '../lib/errors';
import { page } from '../lib/hal';
import { log } from '../lib/log';
import { pathId, readJson, readQuery } from '../lib/validate';
import { currentGame } from '../lib/currentGame';
import { CLASH_HINT, toGameSummary } from '../lib/resources/game';
import { clashGameOwner, gameHome, type GameOwner } from '../rooms';

type Games = { Bindings: Env; Variables: SessionVariables };

const ListQuery = pageQuery(GAME_SORTS, 'updatedAt');

/**
 * The room that owns game `id` (worker/rooms.ts `gameHome`): no game, 404. With D1 down the home is the
 * game's own room, which holds a solo or daily game: its 404 may be a clash game's, which only D1 could
 * place, so that is the outage's answer (503), not "no such game".
 */
async function ownerOf(c: AppContext, id: number): Promise<GameOwner> {
  const home = await gameHome(c.env, c.var.db, id);
  if (!home) throw notFound('game-not-found');
  if (home.type !== null) return home.owner;
  const unplaced = (result: RoomResult) => {
    if (!result.ok && result.status === 404) throw databaseDown();
    return result;
  };
  return {
    get: async (viewer) => unplaced(await home.owner.get(viewer)),
    act: async (viewer, action) => unplaced(await home.owner.act(viewer, action)),
  };
}

/**
 * The room a read or a move goes to. A clash game's move links (and the clash screen's reads) name its clash (`?clash=`, lib/resources/game.ts
 * `CLASH_HINT`), so the move reaches the clash's room without asking D1 which room holds the game, so they
 * go on while D1 is down. The room answers for its own games only: for any other it is 404 game-not-found, the answer to no game at
 * all, so a wrong hint learns nothing (and a room started for a number that is no clash keeps nothing).
 * Without the hint (a client that builds the path itself) the index says, as for every read.
 */
async function hintedOwnerOf(c: AppContext, id: number): Promise<GameOwner> {
  const clashId = clashHint(c);
  return clashId === undefined ? ownerOf(c, id) : clashGameOwner(c.env, clashId, id);
}

/** The clash a game's path names (`?clash=`), if it names one; a hint that is no id finds no game (404). */
export function clashHint(c: Context): number | undefined {
  const hint = c.req.query(CLASH_HINT);
  if (hint === undefined) return undefined;
  const clashId = Number(hint);
  if (!/^[1-9][0-9]*$/.test(hint) || !Number.isSafeInteger(clashId)) throw notFound('game-not-found');
  return clashId;
}

/** The path's game id; one that is no id is a game that does not exist (404). */
export function gameId(c: Context): number {
  try {
    return pathId(c);
  } catch {
    throw notFound('game-not-found');
  }
}

/** A room's refusal becomes the API's error; its game, the body. */
function answer(c: Context, result: RoomResult) {
  if (!result.ok) throw new AppError(result.status, result.key);
  return c.json(result.game);
}

/**
 * A move on a game: a signed token, a valid body, then the room decides: 401 for a token its player's
 * logout or password change ended, 403 for others and for a banned player, 409 for the rules. The room
 * knows its player's access, so a move reads nothing from D1 (see GameRoom `updateAccess`).
 */
function move<S extends v.GenericSchema>(schema: S, toAction: (body: v.InferOutput<S>) => RoomAction) {
  return async (c: AppContext) => {
    const viewer = requireTokenViewer(c);
    const id = gameId(c);
    const body = await readJson(c, schema);
    return answer(c, await (await hintedOwnerOf(c, id)).act(viewer, toAction(body)));
  };
}

export const gamesRoutes = new Hono<Games>()
  // The play screen's entry: the player's current game, created on first visit; `rules` asks for a game
  // with that rule set (lib/currentGame.ts).
  .put('/', async (c) => {
    const me = await requirePlayer(c);
    const { playerId, rules, replace } = await readJson(c, CurrentGameBody);
    if (playerId !== me.id) throw forbidden('not-your-game');
    return answer(c, await currentGame(c.env, c.var.db, me, { rules, replace }));
  })
  // Every game, from the D1 index: summaries only; the full game is one GET away.
  .get('/', async (c) => {
    const query = readQuery(c, ListQuery);
    const { rows, total } = await listGames(c.var.db, query);
    return c.json(page('games', rows.map(toGameSummary), query, total));
  })
  // Anyone may watch a game; only its player gets action links.
  .get('/:id', async (c) => answer(c, await (await hintedOwnerOf(c, gameId(c))).get(tokenViewer(c))))
  .put(
    '/:id/roll',
    move(RollBody, (body) => ({ type: 'ROLL', diceToRoll: body.diceToRoll })),
  )
  .put(
    '/:id/announce',
    move(AnnounceBody, (body) => ({ type: 'ANNOUNCE', boxType: body.boxType })),
  )
  .put(
    '/:id/fill',
    move(FillBody, (body) => ({ type: 'FILL', columnType: body.columnType, boxType: body.boxType })),
  )
  .put(
    '/:id/undo',
    move(NoBody, () => ({ type: 'UNDO' })),
  )
  .put(
    '/:id/restart',
    move(NoBody, () => ({ type: 'RESTART' })),
  )
  // Admins delete a solo game with its score and its room; a clash game goes with its clash only
  // (DELETE /api/clashes/{id}), so a clash never loses one player's game.
  .delete('/:id', async (c) => {
    const me = await requireAdmin(c);
    const id = gameId(c);
    const home = await gameHome(c.env, c.var.db, id);
    if (!home) throw notFound('game-not-found');
    if (home.type === 'CLASH') throw conflict('game-in-clash');
    const deleted = await home.room.deleteGame(id);
    forgetGameRow(id);
    if (!deleted.ok) throw new AppError(deleted.status, deleted.key);
    log(c, {
      level: 'INFO',
      message: 'admin-delete-game',
      data: { gameId: id },
      playerId: me.id,
    });
    return c.body(null, 204);
  })
  // Puts a finished game away and answers the player's next one.
  .put('/:id/archive', async (c) => {
    const viewer = requireTokenViewer(c);
    const archived = await (await ownerOf(c, gameId(c))).act(viewer, { type: 'ARCHIVE' });
    if (!archived.ok) throw new AppError(archived.status, archived.key);
    return answer(c, await currentGame(c.env, c.var.db, await requirePlayer(c)));
  });
