import { Hono } from 'hono';
import { requirePlayer, type SessionVariables } from '../auth/session';
import { database } from '../db/client';
import { findPlayer } from '../db/players';
import type { Env } from '../env';
import { pathId } from '../lib/validate';
import { toPlayerResource } from '../resources/player';

type Players = { Bindings: Env; Variables: SessionVariables };

export const playersRoutes = new Hono<Players>()
  .get('/me', async (c) => {
    const me = await requirePlayer(c, database(c.env.DB));
    return c.json(toPlayerResource(me, me));
  })
  .get('/:id', async (c) => {
    const db = database(c.env.DB);
    const viewerId = c.get('playerId');
    const viewer = viewerId ? await findPlayer(db, viewerId).catch(() => null) : null;
    return c.json(toPlayerResource(await findPlayer(db, pathId(c)), viewer));
  });
