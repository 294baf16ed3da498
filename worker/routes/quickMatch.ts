import { Hono } from 'hono';
import { QuickMatchBody, type QuickMatchSeated, type QuickMatchWaiting } from '../../contract/quickMatch';
import type { Joiner, QueueEntry } from '../../durable-objects/quickMatchRecord';
import { type AppContext, requirePlayer, type SessionVariables } from '../auth/session';
import { joinerRating } from '../db/ratings';
import type { Env } from '../env';
import { errorBody } from '../lib/errors';
import { readJson } from '../lib/validate';
import { links } from '../lib/hal';
import { log } from '../lib/log';
import { openQuickMatch, stillSeated, tellMatched } from '../lib/quickMatch';
import { quickMatchQueue } from '../rooms';
import { clashPath } from '../lib/resources/clashes';
import { clashPlayerOf, registeredPlayer } from './clashes';

type QuickMatchRoutes = { Bindings: Env; Variables: SessionVariables };

const PATH = '/api/quick-match';

const queueOf = (c: AppContext) => quickMatchQueue(c.env);

function waiting(entry: QueueEntry): QuickMatchWaiting {
  return {
    status: 'WAITING',
    since: new Date(entry.since).toISOString(),
    _links: links({ self: PATH, leave: PATH }),
  };
}

/** 409: the player is in a quick match already (being opened, when `clashId` is null); the body links it. */
function seatedAnswer(c: AppContext, clashId: number | null) {
  const body: QuickMatchSeated = {
    ...errorBody(c, 'quick-match-seated'),
    _links: links({ clash: clashId !== null && clashPath(clashId) }),
  };
  return c.json(body, 409);
}

export const quickMatchRoutes = new Hono<QuickMatchRoutes>()
  // Join (or, while waiting, renew) for a preset (body `{preset}`, CLASSIC when left out): 200 with the
  // started clash when someone waiting for the same preset was suitable, else 202. Both players' tabs get
  // MATCHED on the presence channel from the clash's room; the one who waited also a notification.
  .post('/', async (c) => {
    const me = await registeredPlayer(c);
    const { preset } = await readJson(c, QuickMatchBody);
    const caller: Joiner = {
      player: clashPlayerOf(me),
      rating: await joinerRating(c.var.db, me.id, preset),
      preset,
    };
    const join = () => queueOf(c).join(caller.player, caller.rating, { preset });
    let joined = await join();
    // One quick match at a time: the queue remembers the clash it seated the player in, and
    // lets them in again once that clash is over for them.
    if (joined.seated !== undefined) {
      const seated = joined.seated;
      if (seated === null || (await stillSeated(c.env, me.id, seated, joined.opening)))
        return seatedAnswer(c, seated);
      await queueOf(c).release(me.id, seated);
      joined = await join();
      if (joined.seated !== undefined) return seatedAnswer(c, joined.seated);
    }
    if (!joined.matched) return c.json(waiting(joined.waiting), 202);
    const db = c.var.db;
    const clash = await openQuickMatch(c.env, db, queueOf(c), caller, joined);
    // The room has sent MATCHED to both players' tabs already; the one who waited also gets it on the bell.
    const told = tellMatched(c.env, db, joined.matched.playerId, caller, clash.id).catch((error) =>
      log(c, { level: 'ERROR', message: 'quick-match-tell', data: { error: String(error) } }),
    );
    c.executionCtx.waitUntil(told);
    return c.json(clash, 200);
  })
  // Leave the queue (the page closed, or the bot was chosen instead); 204 whether or not one was waiting.
  .delete('/', async (c) => {
    const me = await requirePlayer(c);
    await queueOf(c).leave(me.id);
    return c.body(null, 204);
  });
