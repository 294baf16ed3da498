import { type Context, Hono } from 'hono';
import { refuseBanned, requirePlayer, type SessionVariables, viewerIdOutlastingD1 } from '../auth/session';
import { clashExists } from '../db/clashes';
import { joinerRating } from '../db/ratings';
import type { Env } from '../env';
import { AppError, databaseDown, databaseUnavailable, forbidden, notFound } from '../lib/errors';
import { foreignOrigin } from '../lib/origin';
import { pathId, readQuery } from '../lib/validate';
import { VIEWER_HEADER, VIEWER_ISSUED_HEADER, VIEWER_PROFILE_HEADER } from '../lib/viewer';
import { avatarOf } from '../lib/resources/player';
import { clashRoom, gameHome, PRESENCE_SHARDS, presenceRoom, quickMatchQueue } from '../rooms';
import type { ActivePlayer } from '../../contract/presence';
import { QuickMatchBody } from '../../contract/quickMatch';
import type { Joiner } from '../../durable-objects/quickMatchRecord';
import { clashPlayerOf, registeredPlayer } from './clashes';
import { clashHint } from './games';

type Live = { Bindings: Env; Variables: SessionVariables };

/**
 * Hands a WebSocket upgrade to its room, telling the room who is connecting. The header is set
 * here from the verified session, and any client-sent copy is dropped.
 */
function forward(
  c: Context<Live>,
  viewerId: number | null,
  stub: { fetch(request: Request): Promise<Response> },
  profile?: (ActivePlayer & { guest: boolean }) | Joiner,
) {
  const request = c.req.raw;
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
    throw new AppError(426, 'upgrade-required');
  const headers = new Headers(request.headers);
  headers.delete(VIEWER_HEADER);
  headers.delete(VIEWER_PROFILE_HEADER);
  headers.delete(VIEWER_ISSUED_HEADER);
  if (viewerId) headers.set(VIEWER_HEADER, String(viewerId));
  // The viewer's token's: the room closes the socket when the player's tokens signed before some moment end.
  const issuedAtMs = c.get('token')?.issuedAtMs;
  if (viewerId && issuedAtMs) headers.set(VIEWER_ISSUED_HEADER, String(issuedAtMs));
  if (profile) headers.set(VIEWER_PROFILE_HEADER, JSON.stringify(profile));
  return stub.fetch(new Request(request, { headers }));
}

export const live = new Hono<Live>()
  // An upgrade is a GET, so the app's same-origin guard lets it by; but a socket carries the session
  // cookie like any request, so another site's page may not open one.
  .use(async (c, next) => {
    if (foreignOrigin(c)) throw forbidden('origin-invalid');
    await next();
  })
  // Only a game of the D1 index has a room to watch; any other number starts nothing. A clash game's
  // socket is its clash's room's. Anyone may watch, but a token that no longer counts is refused (401),
  // and so is a banned player (403). With D1 down the game's own room says whether it holds the game.
  .get('/games/:id', async (c) => {
    const id = pathId(c);
    // A clash board names its clash (`?clash=`), as its reads do: the clash's room says whether the game is
    // its own, without D1's index, so the socket reopens during an outage in any isolate.
    const clashId = clashHint(c);
    if (clashId !== undefined) {
      const room = clashRoom(c.env, clashId);
      if (!(await room.getGame(id, null)).ok) throw notFound('game-not-found');
      return forward(c, await viewerIdOutlastingD1(c), room);
    }
    const home = await gameHome(c.env, c.var.db, id);
    if (!home) throw notFound('game-not-found');
    const viewerId = await viewerIdOutlastingD1(c);
    if (home.clashId !== null) return forward(c, viewerId, home.room);
    // Not in this room: a clash game, or no game, which only D1 could tell apart.
    if (home.type === null && !(await home.room.visibleTo(viewerId))) throw databaseDown();
    // A daily game is its player's alone until its day is over; the room knows its day.
    if (home.type === 'DAILY' && !(await home.room.visibleTo(viewerId))) throw notFound('game-not-found');
    return forward(c, viewerId, home.room);
  })
  // A clash's room opens only for a clash of the D1 index, so no socket starts a room for a number that
  // is no clash; then the room says who may look: a pending clash its players only (to anyone else, banned
  // or not, it does not exist: 404), a started one anyone. With D1 down the room alone says (an object
  // started for a number that is no clash holds nothing and answers 404).
  .get('/clashes/:id', async (c) => {
    const id = pathId(c);
    const indexed = await clashExists(c.var.db, id).catch((error: unknown) => {
      if (databaseUnavailable(error)) return true;
      throw error;
    });
    if (!indexed) throw notFound('clash-not-found');
    const viewerId = await viewerIdOutlastingD1(c);
    const room = clashRoom(c.env, id);
    const visible = await room.get(viewerId);
    if (!visible.ok) throw new AppError(visible.status, visible.key);
    return forward(c, viewerId, room);
  })
  .get('/players', async (c) => {
    const me = await requirePlayer(c);
    // Presence lists registered players only; a guest's channel still gets its private pushes.
    const profile = { id: me.id, name: me.name, avatar: avatarOf(me), guest: me.guest };
    // Development only: bench/load.mjs spreads its channels over `?shards=` Presence objects to measure a
    // sharded presence (docs/scale.md). Such a channel's pushes still go to its player's own shard.
    const shards =
      c.env.ENVIRONMENT === 'development'
        ? Math.min(64, Math.max(1, Number(c.req.query('shards') ?? PRESENCE_SHARDS) || 1))
        : PRESENCE_SHARDS;
    return forward(c, me.id, presenceRoom(c.env, me.id, shards), profile);
  })
  // The quick-match queue's own socket: while it is open the player waits, closed they have left (the
  // queue keeps no entry of a socket that is gone). Registered players only, as POST /api/quick-match; a
  // banned player is refused (403). The queue gets who they are from D1, as a pairing opens the clash.
  .get('/quick-match', async (c) => {
    const me = await registeredPlayer(c);
    refuseBanned(me);
    // The preset to play, `?preset=BALKAN` (CLASSIC when left out), as POST /api/quick-match's body says it.
    const { preset } = readQuery(c, QuickMatchBody);
    const joiner: Joiner = {
      player: clashPlayerOf(me),
      rating: await joinerRating(c.var.db, me.id, preset),
      preset,
    };
    return forward(c, me.id, quickMatchQueue(c.env), joiner);
  });
