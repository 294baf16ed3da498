import { Hono } from 'hono';
import { QUICK_MATCH_TURN_SECONDS } from '../../contract/clashes';
import type { QuickMatchSeated, QuickMatchWaiting } from '../../contract/quickMatch';
import { ratingValue } from '../../contract/ratings';
import type { JoinResult, QueueEntry } from '../../durable-objects/QuickMatch';
import { quickMatchQueue } from '../auth/access';
import { type AppContext, requirePlayer, type SessionVariables } from '../auth/session';
import { database } from '../db/client';
import type { PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { AppError, errorBody } from '../lib/errors';
import { links } from '../lib/hal';
import { log } from '../lib/log';
import { notify } from '../lib/notify';
import { openClash } from '../lib/openClash';
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

/**
 * The caller met `partner`, who waited: a started 2-player clash with the quick match's clock, the one
 * who waited first, opened with the ids the queue reserved (no D1 on the way to the players) or, with
 * none left, through D1. Should it fail, the partner goes back to the queue as they were.
 */
async function matchWith(c: AppContext, me: PlayerRow, joined: Extract<JoinResult, { matched: QueueEntry }>) {
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
    if (!reserved) await queueOf(c).opened([partner.playerId, me.id], opened.clash.id);
    return opened.clash;
  } catch (error) {
    await queueOf(c).putBack(partner, me.id);
    throw error;
  }
}

/**
 * Whether the player still plays in the quick match `clashId` the queue seated them in: its room (the
 * truth; D1 may not have a just-paired clash yet) has it in progress, with them not out of it.
 */
async function stillSeated(c: AppContext, playerId: number, clashId: number): Promise<boolean> {
  const held = await c.env.CLASH_ROOM.getByName(String(clashId)).get(playerId);
  if (!held.ok) return false;
  const me = held.clash.players.find((p) => p.id === playerId);
  return held.clash.status === 'IN_PROGRESS' && me !== undefined && !me.forfeited;
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
  // Join (or, while waiting, renew): 200 with the started clash when someone suitable was waiting, else
  // 202. Both players' tabs get MATCHED on the presence channel from the clash's room; the one who waited
  // also a notification.
  .post('/', async (c) => {
    const me = await registeredPlayer(c);
    const join = () => queueOf(c).join(clashPlayerOf(me), ratingValue(me.ratingMu));
    let joined = await join();
    // One quick match at a time (issue 23): the queue remembers the clash it seated the player in, and
    // lets them in again once that clash is over for them.
    if (joined.seated !== undefined) {
      const seated = joined.seated;
      if (seated === null || (await stillSeated(c, me.id, seated))) return seatedAnswer(c, seated);
      await queueOf(c).release(me.id, seated);
      joined = await join();
      if (joined.seated !== undefined) return seatedAnswer(c, joined.seated);
    }
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
