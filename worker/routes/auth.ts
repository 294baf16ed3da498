import { Hono } from 'hono';
import * as v from 'valibot';
import { GUEST_NAME, randomGuestName } from '../auth/guest';
import { endSession, rotateSession, type SessionVariables, startSession } from '../auth/session';
import { database } from '../db/client';
import { findPlayer, isUniqueViolation } from '../db/players';
import { players } from '../db/schema';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { verifyHuman } from '../lib/humanCheck';
import { readJson } from '../lib/validate';
import { toPlayerResource } from '../resources/player';

type Auth = { Bindings: Env; Variables: SessionVariables };

const GuestBody = v.object({ username: v.optional(v.string()) });

export const auth = new Hono<Auth>()
  // A visitor plays at once: a guest account under a colour-animal-number name.
  .post('/register-guest', async (c) => {
    const body = await readJson(c, GuestBody);
    await verifyHuman(c.env, c.req.header('X-Recaptcha-Token'), 'register', c.req.header('CF-Connecting-IP'));
    const db = database(c.env.DB);
    const wanted = body.username && GUEST_NAME.test(body.username) ? [body.username] : [];
    // A random name can collide with an existing one; a few draws from 100 000 names practically never all do.
    for (const name of [...wanted, ...Array.from({ length: 8 }, randomGuestName)]) {
      try {
        const [row] = await db
          .insert(players)
          .values({ externalId: crypto.randomUUID(), name, guest: true })
          .returning();
        await startSession(c, db, row.id);
        return c.json(toPlayerResource(row, { id: row.id, admin: false }), 201);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new AppError(409, 'username-taken');
  })
  .post('/refresh', async (c) => {
    const db = database(c.env.DB);
    const playerId = await rotateSession(c, db);
    const row = await findPlayer(db, playerId);
    return c.json(toPlayerResource(row, { id: row.id, admin: row.admin }));
  })
  .post('/logout', async (c) => {
    await endSession(c, database(c.env.DB));
    return c.body(null, 204);
  });
