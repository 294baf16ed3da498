import { Hono } from 'hono';
import { LOG_SORTS } from '../../contract/logs';
import { pageQuery } from '../../contract/page';
import { requireAdmin } from '../auth/admin';
import { type AppContext, type SessionVariables } from '../auth/session';
import { allLogs, deleteAllLogs, deleteLog, findLog } from '../db/logs';
import type { Env } from '../env';
import { notFound } from '../lib/errors';
import { page } from '../lib/hal';
import { log } from '../lib/log';
import { toLogSummary } from '../lib/resources/logs';
import { pathId, readQuery } from '../lib/validate';

type Logs = { Bindings: Env; Variables: SessionVariables };

const ListQuery = pageQuery(LOG_SORTS, 'createdAt');

function logId(c: AppContext): number {
  try {
    return pathId(c);
  } catch {
    throw notFound('log-not-found');
  }
}

// The server's log rows (lib/log.ts writes them): admins list, read and delete them (a player's list is
// /api/players/{id}/logs). Players read none, not even their own: a server error's row carries its stack.
export const logsRoutes = new Hono<Logs>()
  .get('/', async (c) => {
    const me = await requireAdmin(c);
    const query = readQuery(c, ListQuery);
    const { rows, total } = await allLogs(c.var.db, query);
    return c.json(
      page(
        'logs',
        rows.map((row) => toLogSummary(row.log, row.player, me)),
        query,
        total,
      ),
    );
  })
  .get('/:id', async (c) => {
    const me = await requireAdmin(c);
    const row = await findLog(c.var.db, logId(c));
    if (!row) throw notFound('log-not-found');
    return c.json(toLogSummary(row.log, row.player, me));
  })
  .delete('/:id', async (c) => {
    await requireAdmin(c);
    const id = logId(c);
    if (!(await deleteLog(c.var.db, id))) throw notFound('log-not-found');
    return c.body(null, 204);
  })
  // Clearing the log leaves one row behind: who cleared it and how many rows went.
  .delete('/', async (c) => {
    const me = await requireAdmin(c);
    const deleted = await deleteAllLogs(c.var.db);
    log(c, { level: 'INFO', message: 'admin-delete-logs', data: { deleted }, playerId: me.id });
    return c.body(null, 204);
  });
