import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import type { NewGame, RoomAction, RoomResult } from '../../durable-objects/gameRecord';
import { AnnounceBody, CurrentGameBody, FillBody, GAME_SORTS, NoBody, RollBody } from '../../contract/games';
import { pageQuery } from '../../contract/page';
import { requireAdmin } from '../auth/admin';
import { accessOf } from '../auth/access';
import {
  type AppContext,
  requirePlayer,
  requireTokenViewer,
  type SessionVariables,
  tokenViewer,
} from '../auth/session';
import type { Database } from '../db/client';
import { currentSoloGame, forgetGameRow, listGames } from '../db/games';
import type { PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import { page } from '../lib/hal';
import { log } from '../lib/log';
import { pathId, readJson, readQuery } from '../lib/validate';
import { CLASH_HINT, toGameSummary } from '../lib/resources/game';
import { clashGameOwner, gameHome, type GameOwner, gameRoom } from '../rooms';

type Games = { Bindings: Env; Variables: SessionVariables };

const ListQuery = pageQuery(GAME_SORTS, 'updatedAt');

/**
 * The room that owns game `id` (worker/rooms.ts `gameHome`): no game, 404. The isolate remembers a row
 * once found, so D1 down stops only a game this isolate has not looked up yet: that is an outage to
 * name (503), not a server error.
 */
async function ownerOf(c: AppContext, id: number): Promise<GameOwner> {
  const home = await gameHome(c.env, c.var.db, id).catch(() => {
    throw new AppError(503, 'service-unavailable');
  });
  if (!home) throw notFound('game-not-found');
  return home.owner;
}

/**
 * The room a move goes to. A clash game's move links name its clash (`?clash=`, lib/resources/game.ts
 * `CLASH_HINT`), so the move reaches the clash's room without asking D1 which room holds the game. The
 * room answers for its own games only: for any other it is 404 game-not-found, the answer to no game at
 * all, so a wrong hint learns nothing (and a room started for a number that is no clash keeps nothing).
 * Without the hint (a client that builds the path itself) the index says, as for every read.
 */
async function moveOwnerOf(c: AppContext, id: number): Promise<GameOwner> {
  const hint = c.req.query(CLASH_HINT);
  if (hint === undefined) return ownerOf(c, id);
  const clashId = Number(hint);
  if (!/^[1-9][0-9]*$/.test(hint) || !Number.isSafeInteger(clashId)) throw notFound('game-not-found');
  return clashGameOwner(c.env, clashId, id);
}

function gameId(c: Context): number {
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

/** The player's current solo game (db/games.ts `currentSoloGame`), its room created when it has none yet. */
async function currentGame(env: Env, db: Database, player: PlayerRow): Promise<RoomResult> {
  const row = await currentSoloGame(db, player.id);
  // The room may not exist yet (or a previous attempt died between the insert and here): create is idempotent.
  const init: NewGame = {
    id: row.id,
    playerId: player.id,
    playerName: player.name,
    createdAt: row.createdAt,
    access: accessOf(player),
  };
  const room = gameRoom(env, row.id);
  const created = await room.create(init);
  // A renamed player gets their new name on the next "current game" call; the index has no names.
  if (created.ok && created.game.player.name !== player.name)
    return room.renamePlayer(player.id, player.name);
  return created;
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
    return answer(c, await (await moveOwnerOf(c, id)).act(viewer, toAction(body)));
  };
}

export const gamesRoutes = new Hono<Games>()
  // The play screen's entry: the player's current game, created on first visit.
  .put('/', async (c) => {
    const me = await requirePlayer(c);
    const { playerId } = await readJson(c, CurrentGameBody);
    if (playerId !== me.id) throw forbidden('not-your-game');
    return answer(c, await currentGame(c.env, c.var.db, me));
  })
  // Every game, from the D1 index: summaries only; the full game is one GET away.
  .get('/', async (c) => {
    const query = readQuery(c, ListQuery);
    const { rows, total } = await listGames(c.var.db, query);
    return c.json(page('games', rows.map(toGameSummary), query, total));
  })
  // Anyone may watch a game; only its player gets action links.
  .get('/:id', async (c) => answer(c, await (await ownerOf(c, gameId(c))).get(tokenViewer(c))))
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
