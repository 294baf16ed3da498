import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { database } from '../db/client';
import { outbox } from '../db/schema';
import type { Env } from '../env';
import { notFound } from '../lib/errors';

/** Development-only helpers: the local outbox, so a person can click the link a mail would carry. */
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
  });
