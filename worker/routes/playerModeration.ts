import { Hono } from 'hono';
import { LOG_SORTS } from '../../contract/logs';
import { pageQuery } from '../../contract/page';
import { BanBody } from '../../contract/players';
import { banPlayer, unbanPlayer } from '../auth/access';
import { requireAdmin } from '../auth/admin';
import type { SessionVariables } from '../auth/session';
import { playerLogs } from '../db/logs';
import type { Env } from '../env';
import { conflict } from '../lib/errors';
import { page } from '../lib/hal';
import { log } from '../lib/log';
import { toLogSummary } from '../lib/resources/logs';
import { playerResource } from '../lib/playerResource';
import { readJson, readQuery } from '../lib/validate';
import { pathPlayer } from './pathPlayer';

type PlayerModeration = { Bindings: Env; Variables: SessionVariables };

/** What admins read of a player and do to them (/api/players/:id/...): the log rows, a ban and its lifting. */
export const playerModerationRoutes = new Hono<PlayerModeration>()
  // The admins' only, the player's own included: a server error's row carries its stack, which is for
  // the operator, never for the player whose request met it.
  .get('/:id/logs', async (c) => {
    const request = readQuery(c, pageQuery(LOG_SORTS, 'createdAt'));
    const viewer = await requireAdmin(c);
    const player = await pathPlayer(c);
    const { rows, total } = await playerLogs(c.var.db, player.id, request);
    // The rows carry their delete links (the admin sections of a player's page use them).
    const items = rows.map((row) => toLogSummary(row.log, row.player, viewer));
    return c.json(page('logs', items, request, total));
  })

  // Admins ban a player with a reason (the player's `ban` link) and lift the ban (`unban`); both logged
  // in the admin's name, so the row is never in the list the banned player could read.
  .put('/:id/ban', async (c) => {
    const me = await requireAdmin(c);
    const player = await pathPlayer(c);
    const { reason } = await readJson(c, BanBody);
    if (player.id === me.id) throw conflict('ban-self');
    if (player.bot) throw conflict('ban-bot');
    // An admin's flag is taken first (npm run admin -- <name> --revoke): no admin bans another.
    if (player.admin) throw conflict('player-admin');
    await banPlayer(c.env, c.var.db, player.id, reason);
    log(c, {
      level: 'WARN',
      message: 'admin-ban-player',
      data: { bannedId: player.id, reason },
      playerId: me.id,
    });
    return c.json(await playerResource(c.var.db, await pathPlayer(c, player.id), me));
  })
  .delete('/:id/ban', async (c) => {
    const me = await requireAdmin(c);
    const player = await pathPlayer(c);
    if (player.status !== 'BANNED') throw conflict('player-not-banned');
    await unbanPlayer(c.env, c.var.db, player.id);
    log(c, {
      level: 'INFO',
      message: 'admin-unban-player',
      data: { unbannedId: player.id, reason: player.banReason },
      playerId: me.id,
    });
    return c.json(await playerResource(c.var.db, await pathPlayer(c, player.id), me));
  });
