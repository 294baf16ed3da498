import { Hono } from 'hono';
import { QUICK_MATCH_TURN_SECONDS } from '../../contract/clashes';
import type { QuickMatchWaiting } from '../../contract/quickMatch';
import { ratingValue } from '../../contract/ratings';
import type { JoinResult, QueueEntry } from '../../durable-objects/QuickMatch';
import { quickMatchQueue } from '../auth/access';
import { type AppContext, requirePlayer, type SessionVariables } from '../auth/session';
import { database } from '../db/client';
import type { PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { links } from '../lib/hal';
import { log } from '../lib/log';
import { notify } from '../lib/notify';
import { openClash } from '../lib/openClash';
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

/**
 * The caller met `partner`, who waited: a started 2-player clash with the quick match's clock, the one
 * who waited first, opened with the ids the queue reserved (no D1 on the way to the players) or, with
 * none left, through D1. Should it fail, the partner goes back to the queue as they were.
 */
async function matchWith(c: AppContext, me: PlayerRow, joined: Extract<JoinResult, { waiting: null }>) {
  const { matched: partner, reserved } = joined;
  const players = [partner.player, clashPlayerOf(me)];
  try {
    const opened = await openClash(c.env, database(c.env.DB), {
      name: `${partner.player.name} – ${me.name}`,
      owner: { id: partner.player.id, name: partner.player.name },
      players,
      turnSeconds: QUICK_MATCH_TURN_SECONDS,
      quickMatch: true,
      reserved,
    });
    if (!opened.ok) throw new AppError(opened.status, opened.key);
    return opened.clash;
  } catch (error) {
    await queueOf(c).putBack(partner);
    throw error;
  }
}

export const quickMatchRoutes = new Hono<QuickMatchRoutes>()
  // Join (or, while waiting, renew): 200 with the started clash when someone suitable was waiting, else
  // 202. Both players' tabs get MATCHED on the presence channel from the clash's room; the one who waited
  // also a notification.
  .post('/', async (c) => {
    const me = await registeredPlayer(c);
    const joined = await queueOf(c).join(clashPlayerOf(me), ratingValue(me.ratingMu));
    if (!joined.matched) return c.json(waiting(joined.waiting), 202);
    const clash = await matchWith(c, me, joined);
    // The room has sent MATCHED to both players' tabs already; the one who waited also gets it on the bell.
    const told = notify(c.env, database(c.env.DB), {
      playerId: joined.matched.playerId,
      kind: 'quick-match-found',
      params: { player: me.name, rating: String(ratingValue(me.ratingMu)) },
      link: `/clashes/${clash.id}`,
    }).catch((error) =>
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
