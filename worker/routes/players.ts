import { Hono } from 'hono';
import * as v from 'valibot';
import { CLASH_SORTS } from '../../contract/clashes';
import { GAME_SORTS } from '../../contract/games';
import { LOG_SORTS } from '../../contract/logs';
import { NOTIFICATION_SORTS } from '../../contract/notifications';
import { pageQuery } from '../../contract/page';
import { BanBody, PLAYER_SORTS, PreferencesBody } from '../../contract/players';
import { EmailChangeBody, UsernameBody } from '../../contract/account';
import type { ActivePlayers } from '../../contract/presence';
import { RATING_CHANGE_SORTS } from '../../contract/ratings';
import { SCORE_SORTS } from '../../contract/scores';
import { banPlayer, unbanPlayer } from '../auth/access';
import { requireAdmin } from '../auth/admin';
import { countMail, mailVerification } from '../auth/mails';
import { type AppContext, currentPlayer, requirePlayer, type SessionVariables } from '../auth/session';
import { replaceAvatarKey, storeAvatar } from '../db/avatars';
import { playerClashes } from '../db/clashes';
import type { Database } from '../db/client';
import { listGames } from '../db/games';
import { playerLogs } from '../db/logs';
import { deletePlayerNotifications, playerNotifications } from '../db/notifications';
import { findPlayer, listPlayers, nameTaken, uniqueViolationKey, updatePlayer } from '../db/players';
import { findPreferences, savePreferences } from '../db/preferences';
import { headToHead, playerRatingChanges } from '../db/ratings';
import type { PlayerRow } from '../db/schema';
import { playerScores } from '../db/scores';
import { overallStats, playerStats } from '../db/stats';
import type { Env } from '../env';
import { checkAvatar, readAvatarUpload } from '../lib/avatarUpload';
import { sameAddress } from '../lib/email';
import { log } from '../lib/log';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { page } from '../lib/hal';
import { clashViewOf, toClashResource } from '../lib/resources/clashes';
import { toGameSummary } from '../lib/resources/game';
import { toLogSummary } from '../lib/resources/logs';
import { toNotification } from '../lib/resources/notifications';
import { toPlayerResource } from '../lib/resources/player';
import { toHeadToHead, toRatingChange } from '../lib/resources/ratings';
import { toScoreSummary } from '../lib/resources/scores';
import { pathId, readJson, readQuery } from '../lib/validate';
import { onlineList } from '../rooms';

type Players = { Bindings: Env; Variables: SessionVariables };

/**
 * GET /api/players/: a page, optionally only the players whose name holds `name` (any case), and with
 * `guest=false` only registered players in good standing (whom a clash may invite); `bot=true` the
 * practice bot, `bot=false` people only.
 */
const PlayersQuery = v.object({
  ...pageQuery(PLAYER_SORTS, 'createdAt').entries,
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, 'input-invalid'))),
  guest: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'input-invalid'),
      v.transform((flag) => flag === 'true'),
    ),
  ),
  bot: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'input-invalid'),
      v.transform((flag) => flag === 'true'),
    ),
  ),
});

/** The signed-in player, when the path's player is them: only they change their own account. */
async function ownAccount(c: AppContext): Promise<PlayerRow> {
  const me = await requirePlayer(c);
  if (me.id !== pathId(c)) throw forbidden();
  return me;
}

/** The player of the path: 404 player-not-found when there is none. */
async function existingPlayer(db: Database, id: number): Promise<PlayerRow> {
  const player = await findPlayer(db, id);
  if (!player) throw notFound('player-not-found');
  return player;
}

/** A name or e-mail change; the unique indexes settle a race the pre-check missed. */
async function changeAccount(db: Database, me: PlayerRow, changes: Parameters<typeof updatePlayer>[2]) {
  let row: PlayerRow | null;
  try {
    row = await updatePlayer(db, me.id, changes);
  } catch (error) {
    const key = uniqueViolationKey(error);
    throw key ? conflict(key) : error;
  }
  if (!row) throw notFound('player-not-found');
  return row;
}

export const playersRoutes = new Hono<Players>()
  .get('/', async (c) => {
    const { name, guest, bot, ...request } = readQuery(c, PlayersQuery);
    const db = c.var.db;
    const viewer = await currentPlayer(c);
    const { rows, total } = await listPlayers(db, request, { name, guest, bot, banned: viewer?.admin });
    return c.json(
      page(
        'players',
        rows.map((row) => toPlayerResource(row, viewer)),
        request,
        total,
      ),
    );
  })
  .get('/me', async (c) => {
    const me = await requirePlayer(c);
    return c.json(toPlayerResource(me, me));
  })
  .get('/stats', async (c) => c.json(await overallStats(c.var.db)))
  // Anyone may see who is online. Declared before /:id, which would take "active" for an id.
  .get('/active', async (c) => {
    const players = await onlineList(c.env).active();
    return c.json({ _embedded: { players } } satisfies ActivePlayers);
  })
  .get('/:id', async (c) => {
    const db = c.var.db;
    const row = await existingPlayer(db, pathId(c));
    return c.json(toPlayerResource(row, await currentPlayer(c)));
  })

  // What anyone may read about a player.
  .get('/:id/stats', async (c) => {
    const db = c.var.db;
    const player = await existingPlayer(db, pathId(c));
    return c.json(await playerStats(db, player.id));
  })
  .get('/:id/scores', async (c) => {
    const request = readQuery(c, pageQuery(SCORE_SORTS, 'createdAt'));
    const db = c.var.db;
    const player = await existingPlayer(db, pathId(c));
    const { rows, total } = await playerScores(db, player.id, request);
    const items = rows.map((row) => toScoreSummary(row.score, row.player));
    return c.json(page('scores', items, request, total));
  })
  .get('/:id/games', async (c) => {
    const request = readQuery(c, pageQuery(GAME_SORTS, 'updatedAt'));
    const db = c.var.db;
    const player = await existingPlayer(db, pathId(c));
    const { rows, total } = await listGames(db, request, player.id);
    return c.json(page('games', rows.map(toGameSummary), request, total));
  })
  .get('/:id/clashes', async (c) => {
    const request = readQuery(c, pageQuery(CLASH_SORTS, 'createdAt'));
    const db = c.var.db;
    const player = await existingPlayer(db, pathId(c));
    // Another player's pending clashes are listed only to those invited to them too.
    const viewerId = (await currentPlayer(c))?.id ?? null;
    const { rows, total } = await playerClashes(db, player.id, request, viewerId);
    const items = rows.map((row) =>
      toClashResource(clashViewOf(row.clash, row.owner, row.members), viewerId, Date.now()),
    );
    return c.json(page('clashes', items, request, total));
  })
  // The player's rated clashes: their rating before and after each (the player page's chart).
  .get('/:id/ratings', async (c) => {
    const request = readQuery(c, pageQuery(RATING_CHANGE_SORTS, 'createdAt'));
    const db = c.var.db;
    const player = await existingPlayer(db, pathId(c));
    const { rows, total } = await playerRatingChanges(db, player.id, request);
    return c.json(page('ratings', rows.map(toRatingChange), request, total));
  })

  // The signed-in viewer's record against the player; against oneself there is none to give.
  .get('/:id/head-to-head', async (c) => {
    const me = await requirePlayer(c);
    const db = c.var.db;
    const player = await existingPlayer(db, pathId(c));
    if (player.id === me.id) throw badRequest('head-to-head-self');
    const record = await headToHead(db, me.id, player.id);
    return c.json(toHeadToHead({ id: player.id, name: player.name }, record));
  })

  // The admins' only, the player's own included: a server error's row carries its stack, which is for
  // the operator, never for the player whose request met it.
  .get('/:id/logs', async (c) => {
    const request = readQuery(c, pageQuery(LOG_SORTS, 'createdAt'));
    const db = c.var.db;
    const viewer = await requireAdmin(c);
    const player = await existingPlayer(db, pathId(c));
    const { rows, total } = await playerLogs(db, player.id, request);
    // The rows carry their delete links (the admin sections of a player's page use them).
    const items = rows.map((row) => toLogSummary(row.log, row.player, viewer));
    return c.json(page('logs', items, request, total));
  })

  // Admins ban a player with a reason (the player's `ban` link) and lift the ban (`unban`); both logged
  // in the admin's name, so the row is never in the list the banned player could read.
  .put('/:id/ban', async (c) => {
    const me = await requireAdmin(c);
    const db = c.var.db;
    const player = await existingPlayer(db, pathId(c));
    const { reason } = await readJson(c, BanBody);
    if (player.id === me.id) throw conflict('ban-self');
    if (player.bot) throw conflict('ban-bot');
    // An admin's flag is taken first (npm run admin -- <name> --revoke): no admin bans another.
    if (player.admin) throw conflict('player-admin');
    await banPlayer(c.env, db, player.id, reason);
    log(c, {
      level: 'WARN',
      message: 'admin-ban-player',
      data: { bannedId: player.id, reason },
      playerId: me.id,
    });
    return c.json(toPlayerResource(await existingPlayer(db, player.id), me));
  })
  .delete('/:id/ban', async (c) => {
    const me = await requireAdmin(c);
    const db = c.var.db;
    const player = await existingPlayer(db, pathId(c));
    if (player.status !== 'BANNED') throw conflict('player-not-banned');
    await unbanPlayer(c.env, db, player.id);
    log(c, {
      level: 'INFO',
      message: 'admin-unban-player',
      data: { unbannedId: player.id, reason: player.banReason },
      playerId: me.id,
    });
    return c.json(toPlayerResource(await existingPlayer(db, player.id), me));
  })

  // The player's own only.
  .get('/:id/notifications', async (c) => {
    const request = readQuery(c, pageQuery(NOTIFICATION_SORTS, 'createdAt'));
    const db = c.var.db;
    const me = await ownAccount(c);
    const { rows, total } = await playerNotifications(db, me.id, request);
    return c.json(page('notifications', rows.map(toNotification), request, total));
  })
  // Marking all as read deletes them all.
  .delete('/:id/notifications', async (c) => {
    const db = c.var.db;
    const me = await ownAccount(c);
    await deletePlayerNotifications(db, me.id);
    return c.body(null, 204);
  })
  // No row yet is a 404 on purpose: the client then sends its local choices (SPEC.md section 4).
  .get('/:id/preferences', async (c) => {
    const db = c.var.db;
    const me = await ownAccount(c);
    const preferences = await findPreferences(db, me.id);
    if (!preferences) throw notFound('preferences-not-found');
    return c.json(preferences);
  })
  .put('/:id/preferences', async (c) => {
    const db = c.var.db;
    const me = await ownAccount(c);
    const preferences = await readJson(c, PreferencesBody);
    return c.json(await savePreferences(db, me.id, preferences));
  })
  .put('/:id/username', async (c) => {
    const db = c.var.db;
    const me = await ownAccount(c);
    const { username } = await readJson(c, UsernameBody);
    if (await nameTaken(db, username, me.id)) throw conflict('username-taken');
    return c.json(toPlayerResource(await changeAccount(db, me, { name: username }), me));
  })
  // A new address starts unverified and gets a verification mail; the same address again changes nothing.
  // Any address may be typed (it claims nothing until verified), so the answer never says whether it is
  // someone else's; every new address is counted against the inbox, the caller's address and the account.
  .put('/:id/email', async (c) => {
    const db = c.var.db;
    const me = await ownAccount(c);
    const { email } = await readJson(c, EmailChangeBody);
    if ((email ?? null) === me.email) return c.json(toPlayerResource(me, me));
    const unchanged = sameAddress(email, me.email);
    if (email && !unchanged) await countMail(c, email, me);
    const row = await changeAccount(db, me, {
      email: email ?? null,
      emailVerified: unchanged ? me.emailVerified : false,
    });
    if (email && !unchanged) await mailVerification(c, db, row, email);
    return c.json(toPlayerResource(row, me));
  })
  // A multipart `file`: the client's 300x300 PNG crop, checked by its bytes, stored in R2 under a new
  // key. Uploads at the same time each store their file; the player row settles which one stays (a
  // compare-and-set on the key they read), and whichever object it no longer points at is deleted.
  .put('/:id/avatar', async (c) => {
    const db = c.var.db;
    const me = await ownAccount(c);
    const bytes = await readAvatarUpload(c.req.raw);
    await checkAvatar(bytes);
    const key = await storeAvatar(c.env.AVATARS, me.id, bytes);
    let row: PlayerRow | null;
    try {
      row = await replaceAvatarKey(db, me.id, me.avatarKey, key);
    } catch (error) {
      await c.env.AVATARS.delete(key);
      throw error;
    }
    if (!row) {
      await c.env.AVATARS.delete(key);
      throw conflict('avatar-changed');
    }
    if (me.avatarKey) await c.env.AVATARS.delete(me.avatarKey);
    return c.json(toPlayerResource(row, me));
  });
