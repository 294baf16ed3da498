import { Hono } from 'hono';
import * as v from 'valibot';
import { pageQuery } from '../../contract/page';
import { PLAYER_SORTS } from '../../contract/players';
import type { ActivePlayers } from '../../contract/presence';
import { currentPlayer, requirePlayer, type SessionVariables } from '../auth/session';
import { listPlayers } from '../db/players';
import { overallStats } from '../db/stats';
import type { Env } from '../env';
import { page } from '../lib/hal';
import { toPlayerResource } from '../lib/resources/player';
import { readQuery } from '../lib/validate';
import { onlineList } from '../rooms';
import { pathPlayer } from './pathPlayer';

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

/** The player resource: the list, the signed-in player, who is online and one player. */
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
    const row = await pathPlayer(c);
    return c.json(toPlayerResource(row, await currentPlayer(c)));
  });
