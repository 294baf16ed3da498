import { type Context, Hono } from 'hono';
import type { ClashResult, NewClashPlayer } from '../../durable-objects/clashRecord';
import { CLASH_SORTS, ClashPlayerBody, ClashPlayersBody, CreateClashBody } from '../../contract/clashes';
import { LIVE_CLASHES_LIMIT, type LiveClashList } from '../../contract/liveClashes';
import { pageQuery } from '../../contract/page';
import { requireAdmin } from '../auth/admin';
import { accessOf } from '../auth/access';
import {
  type AppContext,
  currentPlayer,
  requirePlayer,
  type SessionVariables,
  viewerIdOutlastingD1,
} from '../auth/session';
import { clashesInProgress, clashSeenBy, playerClashes } from '../db/clashes';
import type { Database } from '../db/client';
import { findPlayer } from '../db/players';
import type { PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { AppError, badRequest, databaseUnavailable, forbidden, notFound } from '../lib/errors';
import { page } from '../lib/hal';
import { log } from '../lib/log';
import { clashTurnSeconds, refuseOverCorrespondenceLimit } from '../lib/correspondence';
import { refuseBlocked, refuseInvitations } from '../lib/invitations';
import { openClash } from '../lib/openClash';
import { neverStarted } from '../../game';
import { clashViewOf, toClashResource } from '../lib/resources/clashes';
import { pathId, readJson, readQuery } from '../lib/validate';
import { clashRoom } from '../rooms';

type Clashes = { Bindings: Env; Variables: SessionVariables };

const ListQuery = pageQuery(CLASH_SORTS, 'updatedAt');

/**
 * The room of the path's clash, found through the clash's row in the D1 index: no row, no room (404),
 * so no request starts a Durable Object for a number that is no clash. A clash that never started is
 * its players' business: to anyone else it is no clash either (404 before any other answer, signed in
 * or not), but for an admin, who may delete it. Its room checks the same again.
 */
async function roomOf(c: AppContext) {
  let id: number;
  try {
    id = pathId(c);
  } catch {
    throw notFound('clash-not-found');
  }
  // D1 down is an outage to name (503 database-unavailable, lib/errors.ts), not a server error.
  const viewer = await currentPlayer(c);
  const seen = await clashSeenBy(c.var.db, id, viewer?.id ?? null);
  if (!seen || (neverStarted(seen.status) && !seen.member && !viewer?.admin))
    throw notFound('clash-not-found');
  return clashRoom(c.env, id);
}

/** A room's refusal becomes the API's error; its clash, the body. */
function answer(c: Context, result: ClashResult, status: 200 | 201 = 200) {
  if (!result.ok) throw new AppError(result.status, result.key);
  return c.json(result.clash, status);
}

/** Clashes are for registered players: a guest may neither make one nor join one. */
export async function registeredPlayer(c: AppContext): Promise<PlayerRow> {
  const me = await requirePlayer(c);
  if (me.guest) throw forbidden('guest-not-allowed');
  return me;
}

/** The players to put in a clash, in the given order: each one existing, registered and not banned. */
export async function clashPlayersOf(db: Database, ids: number[]): Promise<NewClashPlayer[]> {
  const rows = await Promise.all(ids.map((id) => findPlayer(db, id)));
  return rows.map((row) => {
    if (!row) throw notFound('player-not-found');
    if (row.guest) throw forbidden('guest-not-allowed');
    if (row.status === 'BANNED') throw forbidden('clash-player-banned');
    return clashPlayerOf(row);
  });
}

/** A player as a clash's room keeps them. */
export const clashPlayerOf = (row: PlayerRow): NewClashPlayer => ({
  id: row.id,
  name: row.name,
  avatarKey: row.avatarKey,
  access: accessOf(row),
  ...(row.guest ? { guest: true } : {}),
  bot: row.bot,
});

/** Accept or decline: an invited player answers for themselves only. */
function answerInvitation(how: 'accept' | 'decline') {
  return async (c: AppContext) => {
    const room = await roomOf(c);
    const me = await registeredPlayer(c);
    const { playerId } = await readJson(c, ClashPlayerBody);
    if (playerId !== me.id) throw forbidden();
    if (how === 'accept')
      await refuseOverCorrespondenceLimit(c.var.db, [me.id], await clashTurnSeconds(c.var.db, pathId(c)));
    return answer(c, how === 'accept' ? await room.accept(me.id) : await room.decline(me.id));
  };
}

export const clashesRoutes = new Hono<Clashes>()
  // The owner challenges 1 or 2 players: the rows first, then the room, which sends the invitations.
  .post('/', async (c) => {
    const me = await registeredPlayer(c);
    const body = await readJson(c, CreateClashBody);
    if (body.ownerId !== me.id) throw forbidden('clash-owner-mismatch');
    if (!body.playerIds.includes(me.id)) throw badRequest('clash-players-invalid');
    // The owner plays first; the others keep the order they were given in.
    const order = [me.id, ...body.playerIds.filter((id) => id !== me.id)];
    const db = c.var.db;
    const players = await clashPlayersOf(db, order);
    await refuseInvitations(c.env.DB, me.id, players, null);
    await refuseOverCorrespondenceLimit(db, order, body.turnSeconds);
    const created = await openClash(c.env, db, {
      name: body.name,
      owner: { id: me.id, name: me.name },
      players,
      turnSeconds: body.turnSeconds,
      rules: body.rules,
      quickMatch: false,
    });
    return answer(c, created, 201);
  })
  // The caller's clashes, from the D1 index (which the rooms keep current before answering a lobby change);
  // with ?all=true every clash, for admins only.
  .get('/', async (c) => {
    const all = c.req.query('all') === 'true';
    const me = all ? await requireAdmin(c) : await requirePlayer(c);
    const query = readQuery(c, ListQuery);
    const db = c.var.db;
    const { rows, total } = all
      ? await playerClashes(db, null, query, null)
      : await playerClashes(db, me.id, query);
    const now = Date.now();
    const items = rows.map((row) =>
      toClashResource(clashViewOf(row.clash, row.owner, row.members), me.id, now),
    );
    return c.json(page('clashes', items, query, total));
  })
  // The clashes being played, for anyone to watch (guests and visitors too). Before /:id.
  .get('/live', async (c) => {
    const rows = await clashesInProgress(c.var.db, LIVE_CLASHES_LIMIT);
    const clashes = rows.map((row) => ({
      id: row.id,
      name: row.name,
      players: row.players,
      turnPlayerId: row.players[row.turn]?.id ?? null,
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
    }));
    return c.json({ _embedded: { clashes } } satisfies LiveClashList);
  })
  // A pending clash is for its players only; a started or finished one, anyone may watch.
  // With D1 down the room alone says who may see the clash (a pending one its players only; an object
  // started for a number that is no clash holds nothing and answers 404), so a player reloads their clash.
  .get('/:id', async (c) => {
    const room = await roomOf(c).catch((error: unknown) => {
      if (!databaseUnavailable(error)) throw error;
      return clashRoom(c.env, pathId(c));
    });
    return answer(c, await room.get(await viewerIdOutlastingD1(c, { banned: 'allowed' })));
  })
  // A player of the completed clash proposes a rematch: 201 with it, or with the one proposed already.
  .post('/:id/rematch', async (c) => {
    const room = await roomOf(c);
    const me = await registeredPlayer(c);
    const held = await room.get(me.id);
    if (!held.ok) throw new AppError(held.status, held.key);
    if (!held.clash.players.some((p) => p.id === me.id)) throw forbidden('not-clash-member');
    const players = await clashPlayersOf(
      c.var.db,
      held.clash.players.map((p) => p.id),
    );
    // A rematch with a player who blocks the proposer, or whom they block, is not proposed.
    await refuseBlocked(
      c.var.db,
      me.id,
      players.map((p) => p.id),
    );
    // A new rematch of a day a turn or more: nobody in it may go over the correspondence limit (409).
    if (!held.clash.rematchId)
      await refuseOverCorrespondenceLimit(
        c.var.db,
        players.map((p) => p.id),
        held.clash.turnSeconds,
      );
    return answer(c, await room.rematch(me.id, players), 201);
  })
  .put('/:id/accept', answerInvitation('accept'))
  .put('/:id/decline', answerInvitation('decline'))
  // The owner's: invite more players (registered, not banned), or take back invitations not yet accepted.
  .put('/:id/add', async (c) => {
    const room = await roomOf(c);
    const me = await requirePlayer(c);
    const { playerIds } = await readJson(c, ClashPlayersBody);
    const db = c.var.db;
    const players = await clashPlayersOf(db, playerIds);
    await refuseInvitations(c.env.DB, me.id, players, pathId(c));
    await refuseOverCorrespondenceLimit(db, playerIds, await clashTurnSeconds(db, pathId(c)));
    return answer(c, await room.add(me.id, players));
  })
  .put('/:id/remove', async (c) => {
    const room = await roomOf(c);
    const me = await requirePlayer(c);
    const { playerIds } = await readJson(c, ClashPlayersBody);
    return answer(c, await room.remove(me.id, playerIds));
  })
  // A playing member resigns (a forfeit); another passes the turn of an untimed clash's stalled player.
  .put('/:id/resign', async (c) => {
    const room = await roomOf(c);
    const me = await requirePlayer(c);
    return answer(c, await room.resign(me.id));
  })
  .put('/:id/pass', async (c) => {
    const room = await roomOf(c);
    const me = await requirePlayer(c);
    return answer(c, await room.pass(me.id));
  })
  // A member not on turn gives the player on turn of a correspondence clash one more day, once per clash.
  .put('/:id/more-time', async (c) => {
    const room = await roomOf(c);
    const me = await requirePlayer(c);
    return answer(c, await room.moreTime(me.id));
  })
  // The owner deletes a pending clash (its self link); an admin, any clash, with its games and scores.
  .delete('/:id', async (c) => {
    const room = await roomOf(c);
    const me = await requirePlayer(c);
    const deleted = me.admin ? await room.adminDelete(me.name) : await room.deleteClash(me.id);
    if (deleted.ok && me.admin)
      log(c, {
        level: 'INFO',
        message: 'admin-delete-clash',
        data: { clashId: deleted.clash.id },
        playerId: me.id,
      });
    if (!deleted.ok) throw new AppError(deleted.status, deleted.key);
    return c.body(null, 204);
  });
