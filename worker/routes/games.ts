import { and, eq, ne } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { NewGame, RoomAction, RoomResult, RoomViewer } from '../../durable-objects/gameRecord';
import { BOX_TYPES, COLUMN_TYPES, DICE_COUNT } from '../../game';
import { accessOf } from '../auth/access';
import {
  type AppContext,
  requirePlayer,
  requireTokenViewer,
  type SessionVariables,
  tokenViewer,
} from '../auth/session';
import { GAME_SORTS, listGames } from '../db/activity';
import { database } from '../db/client';
import { findGameRow } from '../db/games';
import { games, type PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { AppError, forbidden, notFound } from '../lib/errors';
import { page, pageQuery } from '../lib/hal';
import { pathId, readJson, readQuery } from '../lib/validate';
import { toGameSummary } from '../lib/resources/game';

type Games = { Bindings: Env; Variables: SessionVariables };

const ALL_DICE = () => Array.from({ length: DICE_COUNT }, (_, i) => i);
const diceIndex = v.pipe(
  v.number('dice-invalid'),
  v.integer('dice-invalid'),
  v.minValue(0, 'dice-invalid'),
  v.maxValue(DICE_COUNT - 1, 'dice-invalid'),
);
const RollBody = v.object({
  diceToRoll: v.nullish(
    v.pipe(
      v.array(diceIndex, 'dice-invalid'),
      v.minLength(1, 'dice-invalid'),
      v.maxLength(DICE_COUNT, 'dice-invalid'),
      v.check((dice) => new Set(dice).size === dice.length, 'dice-invalid'),
    ),
    ALL_DICE,
  ),
});
/** One of `names`; missing, not a string or unknown all answer `key` (a bare picklist says nothing of a missing key). */
const oneOf = <const T extends readonly string[]>(names: T, key: string) =>
  v.pipe(v.optional(v.string(key), ''), v.picklist(names, key));
const boxType = oneOf(BOX_TYPES, 'box-type-invalid');
const AnnounceBody = v.object({ boxType });
const FillBody = v.object({ columnType: oneOf(COLUMN_TYPES, 'column-type-invalid'), boxType });
const NoBody = v.object({});
const CurrentGameBody = v.object({
  playerId: v.pipe(v.number('input-invalid'), v.integer('input-invalid')),
});
const ListQuery = pageQuery(GAME_SORTS, 'updatedAt');

/** What the routes ask of whichever room owns a game. */
interface GameOwner {
  get(viewer: RoomViewer | null): Promise<RoomResult>;
  act(viewer: RoomViewer, action: RoomAction): Promise<RoomResult>;
}

const soloRoom = (env: Env, id: number) => env.GAME_ROOM.getByName(String(id));

/**
 * The room that owns game `id`, found through the game's row in the D1 index: no row, no room (404), so
 * no request starts a Durable Object for a number that is no game. Every game is solo for now; clash
 * games will live in their ClashRoom, and this is the one place to send them there (the row's type and
 * clash id say which).
 */
async function ownerOf(env: Env, id: number): Promise<GameOwner> {
  if (!(await findGameRow(database(env.DB), id))) throw notFound('game-not-found');
  return soloRoom(env, id);
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

/**
 * The player's current solo game (in progress, or completed and not yet archived), created when
 * there is none. Insert-or-select: the partial unique index admits one current solo game per player,
 * so of two concurrent calls one inserts, the other's insert does nothing, and both read the same row.
 */
async function currentGame(env: Env, player: PlayerRow): Promise<RoomResult> {
  const db = database(env.DB);
  const current = () =>
    db.query.games.findFirst({
      where: and(eq(games.playerId, player.id), eq(games.type, 'SOLO'), ne(games.status, 'ARCHIVED')),
    });
  let row = await current();
  if (!row) {
    await db.insert(games).values({ playerId: player.id, type: 'SOLO' }).onConflictDoNothing();
    row = await current();
  }
  if (!row) throw new Error(`No current game for player ${player.id} after insert`);
  // The room may not exist yet (or a previous attempt died between the insert and here): create is idempotent.
  const init: NewGame = {
    id: row.id,
    playerId: player.id,
    playerName: player.name,
    createdAt: row.createdAt,
    access: accessOf(player),
  };
  const room = soloRoom(env, row.id);
  const created = await room.create(init);
  // A renamed player gets their new name on the next "current game" call; the index has no names.
  if (created.ok && created.game.player.name !== player.name) return room.renamePlayer(player.id, player.name);
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
    return answer(c, await (await ownerOf(c.env, id)).act(viewer, toAction(body)));
  };
}


export const gamesRoutes = new Hono<Games>()
  // The play screen's entry: the player's current game, created on first visit.
  .put('/', async (c) => {
    const me = await requirePlayer(c);
    const { playerId } = await readJson(c, CurrentGameBody);
    if (playerId !== me.id) throw forbidden('not-your-game');
    return answer(c, await currentGame(c.env, me));
  })
  // Every game, from the D1 index: summaries only; the full game is one GET away.
  .get('/', async (c) => {
    const query = readQuery(c, ListQuery);
    const { rows, total } = await listGames(database(c.env.DB), query);
    return c.json(page('games', rows.map(toGameSummary), query, total));
  })
  // Anyone may watch a game; only its player gets action links.
  .get('/:id', async (c) => answer(c, await (await ownerOf(c.env, gameId(c))).get(tokenViewer(c))))
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
  // Puts a finished game away and answers the player's next one.
  .put('/:id/archive', async (c) => {
    const viewer = requireTokenViewer(c);
    const archived = await (await ownerOf(c.env, gameId(c))).act(viewer, { type: 'ARCHIVE' });
    if (!archived.ok) throw new AppError(archived.status, archived.key);
    return answer(c, await currentGame(c.env, await requirePlayer(c)));
  });
