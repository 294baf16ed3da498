import { Hono } from 'hono';
import {
  type FollowedPlayer,
  type FriendLinkName,
  type FriendPlayer,
  FriendsQuery,
  type Relation,
} from '../../contract/friends';
import { type AppContext, requirePlayer, type SessionVariables } from '../auth/session';
import { block, blockedBetween, blockPage, sharedOpenClashes, unblock } from '../db/blocks';
import type { Database } from '../db/client';
import { follow, followPage, followsBetween, playingNow, unfollow } from '../db/follows';
import { ratingsOf } from '../db/ratings';
import type { PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { badRequest, forbidden } from '../lib/errors';
import { links, page } from '../lib/hal';
import { log } from '../lib/log';
import { avatarOf, playerPath, presetRatings } from '../lib/resources/player';
import { pathId, readQuery } from '../lib/validate';
import { clashRoom, onlineAmong } from '../rooms';
import { pathPlayer } from './pathPlayer';

type Friends = { Bindings: Env; Variables: SessionVariables };

/** Friends are for registered players: a guest may neither follow nor block (403 friends-guest). */
async function registered(c: AppContext): Promise<PlayerRow> {
  const me = await requirePlayer(c);
  if (me.guest) throw forbidden('friends-guest');
  return me;
}

/** The path's player, someone else than the signed-in one (400 friends-self). */
async function otherPlayer(c: AppContext, me: PlayerRow): Promise<PlayerRow> {
  const them = await pathPlayer(c);
  if (them.id === me.id) throw badRequest('friends-self');
  return them;
}

/** How `me` stands to `themId`, with the links of what they may do now. */
async function relationOf(db: Database, me: PlayerRow, themId: number): Promise<Relation> {
  if (me.id === themId) return { following: false, followsYou: false, blocking: false, _links: {} };
  const [{ following, followsYou }, { aBlocksB: blocking, bBlocksA: blocked }] = await Promise.all([
    followsBetween(db, me.id, themId),
    blockedBetween(db, me.id, themId),
  ]);
  const base = playerPath(themId);
  const may = !me.guest;
  return {
    following,
    followsYou,
    blocking,
    _links: links({
      follow: may && !following && !blocking && !blocked && `${base}/follow`,
      unfollow: may && following && `${base}/follow`,
      block: may && !blocking && `${base}/block`,
      unblock: may && blocking && `${base}/block`,
    }),
  };
}

interface FriendRow {
  id: number;
  name: string;
  avatarKey: string | null;
  guest: boolean;
  bot: boolean;
  since: number;
}

/** The rows of a friends list as the API answers them, each with the CLASSIC rating of the rated. */
async function friendsOf(
  db: Database,
  rows: FriendRow[],
  link: (row: FriendRow) => Partial<Record<FriendLinkName, string>>,
) {
  const ratings = await ratingsOf(
    db,
    rows.filter((row) => !row.guest && !row.bot).map((row) => row.id),
  );
  return rows.map((row): FriendPlayer => ({
    id: row.id,
    name: row.name,
    avatar: avatarOf(row),
    rating: row.guest || row.bot ? null : presetRatings(ratings.get(row.id) ?? []).CLASSIC,
    since: new Date(row.since).toISOString(),
    _links: links({ player: playerPath(row.id), ...link(row) }),
  }));
}

/**
 * A block changed between two players: the rooms of the clashes they share that are not over forget the
 * blocks they hold, so that what one says stops (or starts) reaching the other at once. A room that
 * cannot be told reads the blocks again at its next start (durable-objects/clashBlocks.ts).
 */
async function tellRooms(c: AppContext, a: number, b: number) {
  const ids = await sharedOpenClashes(c.var.db, a, b);
  await Promise.all(
    ids.map((id) =>
      clashRoom(c.env, id)
        .blocksChanged()
        .catch((error: unknown) =>
          log(c, { level: 'WARN', message: 'blocks-changed', data: { clashId: id, error: String(error) } }),
        ),
    ),
  );
}

/** Follow, block and the friends lists, under /api/players (contract/friends.ts). */
export const friendsRoutes = new Hono<Friends>()
  // Declared before the /:id routes of the other groups could take "me" for an id.
  .get('/me/following', async (c) => {
    const me = await requirePlayer(c);
    const request = readQuery(c, FriendsQuery);
    const db = c.var.db;
    const { rows, total } = await followPage(db, me.id, 'following', request);
    const ids = rows.map((row) => row.id);
    const [players, online, playing] = await Promise.all([
      friendsOf(db, rows, (row) => ({ unfollow: `${playerPath(row.id)}/follow` })),
      onlineAmong(c.env, ids),
      playingNow(db, ids),
    ]);
    const onlineIds = new Set(online.map((player) => player.id));
    const followed = players.map((player): FollowedPlayer => {
      const clashId = playing.get(player.id) ?? null;
      return {
        ...player,
        online: onlineIds.has(player.id),
        clashId,
        _links: { ...player._links, ...(clashId ? { clash: { href: `/api/clashes/${clashId}` } } : {}) },
      };
    });
    return c.json(page('players', followed, request, total));
  })
  .get('/me/followers', async (c) => {
    const me = await requirePlayer(c);
    const request = readQuery(c, FriendsQuery);
    const { rows, total } = await followPage(c.var.db, me.id, 'followers', request);
    const players = await friendsOf(c.var.db, rows, (row) => ({
      remove: `/api/players/me/followers/${row.id}`,
    }));
    return c.json(page('players', players, request, total));
  })
  // The player stops being followed by `id` (idempotent: 204 whether or not they followed).
  .delete('/me/followers/:id', async (c) => {
    const me = await registered(c);
    await unfollow(c.var.db, pathId(c), me.id);
    return c.body(null, 204);
  })
  .get('/me/blocks', async (c) => {
    const me = await requirePlayer(c);
    const request = readQuery(c, FriendsQuery);
    const { rows, total } = await blockPage(c.var.db, me.id, request);
    const players = await friendsOf(c.var.db, rows, (row) => ({ unblock: `${playerPath(row.id)}/block` }));
    return c.json(page('players', players, request, total));
  })
  .get('/:id/relation', async (c) => {
    const me = await requirePlayer(c);
    const them = await pathPlayer(c);
    return c.json(await relationOf(c.var.db, me, them.id));
  })
  // Following needs no acceptance; a player who blocks the follower, or whom they block, is not followed.
  .put('/:id/follow', async (c) => {
    const me = await registered(c);
    const them = await otherPlayer(c, me);
    const db = c.var.db;
    const { aBlocksB: blocking, bBlocksA: blocked } = await blockedBetween(db, me.id, them.id);
    if (blocked) throw forbidden('follow-blocked');
    if (blocking) throw forbidden('follow-blocking');
    await follow(db, me.id, them.id);
    return c.json(await relationOf(db, me, them.id));
  })
  .delete('/:id/follow', async (c) => {
    const me = await registered(c);
    const them = await otherPlayer(c, me);
    await unfollow(c.var.db, me.id, them.id);
    return c.json(await relationOf(c.var.db, me, them.id));
  })
  // Blocking ends the follows both ways; the shared rooms hear of it.
  .put('/:id/block', async (c) => {
    const me = await registered(c);
    const them = await otherPlayer(c, me);
    await block(c.var.db, me.id, them.id);
    await tellRooms(c, me.id, them.id);
    return c.json(await relationOf(c.var.db, me, them.id));
  })
  .delete('/:id/block', async (c) => {
    const me = await registered(c);
    const them = await otherPlayer(c, me);
    await unblock(c.var.db, me.id, them.id);
    await tellRooms(c, me.id, them.id);
    return c.json(await relationOf(c.var.db, me, them.id));
  });
