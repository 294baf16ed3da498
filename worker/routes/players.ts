import { Hono } from 'hono';
import {
  ActivePlayersQuery,
  OverallStatsQuery,
  PLAYER_SEARCH_LIMIT,
  PlayerSearchQuery,
  type PlayerSearchResult,
  PlayersQuery,
} from '../../contract/players';
import { type ActivePlayers, byName } from '../../contract/presence';
import { currentPlayer, requirePlayer, type SessionVariables } from '../auth/session';
import { listPlayers, searchPlayers } from '../db/players';
import { overallStats } from '../db/stats';
import type { Env } from '../env';
import { page } from '../lib/hal';
import { playerResource, playerResources } from '../lib/playerResource';
import { avatarOf } from '../lib/resources/player';
import { readQuery } from '../lib/validate';
import { onlineAmong, onlineList } from '../rooms';
import { pathPlayer } from './pathPlayer';

type Players = { Bindings: Env; Variables: SessionVariables };

/** The player resource: the list, the signed-in player, who is online and one player. */
export const playersRoutes = new Hono<Players>()
  .get('/', async (c) => {
    const { name, kind, guest, bot, ...request } = readQuery(c, PlayersQuery);
    const db = c.var.db;
    const viewer = await currentPlayer(c);
    const filter = { name, kind, guest, bot, banned: viewer?.admin };
    const { rows, total } = await listPlayers(db, request, filter);
    return c.json(page('players', await playerResources(c.var.db, rows, viewer), request, total));
  })
  .get('/me', async (c) => {
    const me = await requirePlayer(c);
    return c.json(await playerResource(c.var.db, me, me));
  })
  // The search box: a few registered players by name, for links to their pages. Before /:id too.
  .get('/search', async (c) => {
    const { q } = readQuery(c, PlayerSearchQuery);
    const rows = await searchPlayers(c.var.db, q, PLAYER_SEARCH_LIMIT);
    const players = rows.map(({ avatarKey, ...row }) => ({ ...row, avatar: avatarOf({ avatarKey }) }));
    return c.json({ _embedded: { players } } satisfies PlayerSearchResult);
  })
  .get('/stats', async (c) => c.json(await overallStats(c.var.db, readQuery(c, OverallStatsQuery).preset)))
  // Anyone may see who is online: how many, and the part a screen shows. Declared before /:id, which
  // would take "active" for an id.
  .get('/active', async (c) => {
    const query = readQuery(c, ActivePlayersQuery);
    if (query.ids) {
      const players = (await onlineAmong(c.env, query.ids)).sort(byName).slice(0, query.limit);
      return c.json({ count: null, _embedded: { players } } satisfies ActivePlayers);
    }
    const { count, players } = await onlineList(c.env).page(query);
    return c.json({ count, _embedded: { players } } satisfies ActivePlayers);
  })
  .get('/:id', async (c) => {
    const row = await pathPlayer(c);
    return c.json(await playerResource(c.var.db, row, await currentPlayer(c)));
  });
