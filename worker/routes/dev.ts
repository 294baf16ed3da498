import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { database } from '../db/client';
import { outbox } from '../db/schema';
import type { Env } from '../env';
import { notFound } from '../lib/errors';
import { pathId } from '../lib/validate';

/**
 * Development-only helpers: the local outbox, so a person can click the link a mail would carry, and an
 * echo through a game room, the benchmark's baseline for a Worker-to-room round trip.
 */
export const dev = new Hono<{ Bindings: Env }>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw notFound('route-not-found');
    await next();
  })
  .get('/outbox', async (c) => {
    const mails = await database(c.env.DB).select().from(outbox).orderBy(desc(outbox.id)).limit(100);
    return c.json({
      _embedded: {
        mails: mails.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })),
      },
    });
  })
  .get('/echo/:id', async (c) => c.json({ echo: await c.env.GAME_ROOM.getByName(String(pathId(c))).echo() }));
