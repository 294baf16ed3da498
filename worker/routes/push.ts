import { Hono } from 'hono';
import {
  PushSubscriptionBody,
  PushUnsubscribeBody,
  type PushKey,
  type PushSubscriptionResource,
} from '../../contract/push';
import { requirePlayer, type SessionVariables } from '../auth/session';
import { deletePushSubscription, savePushSubscription } from '../db/pushSubscriptions';
import type { Env } from '../env';
import { AppError, badRequest, notFound } from '../lib/errors';
import { check, readJson } from '../lib/validate';
import { endpointAllowed, vapidKeys } from '../lib/webPush';

type Push = { Bindings: Env; Variables: SessionVariables };

/** 503 when the Worker has no VAPID keys (secrets not set): no push can be sent, so none is subscribed. */
function keysOf(env: Env) {
  const keys = vapidKeys(env);
  if (!keys) throw new AppError(503, 'push-unavailable');
  return keys;
}

// A device's Web Push subscription (issue 29): any player with a session, guests too (a challenge link
// seats guests in clashes). One row per endpoint; the push service's 404 or 410 deletes it (lib/notifyAway.ts).
export const pushSubscriptionsRoutes = new Hono<Push>()
  .post('/', async (c) => {
    const me = await requirePlayer(c);
    const keys = keysOf(c.env);
    const body = await readJson(c, PushSubscriptionBody);
    // Real push services are https; plain http on a loopback address only in development (a fake one).
    if (!endpointAllowed(c.env, body.endpoint)) throw badRequest('push-endpoint-invalid');
    const row = await savePushSubscription(c.var.db, {
      playerId: me.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      publicKey: keys.publicKey,
    });
    return c.json(
      {
        endpoint: row.endpoint,
        publicKey: row.publicKey,
        createdAt: new Date(row.createdAt).toISOString(),
      } satisfies PushSubscriptionResource,
      201,
    );
  })
  // The endpoint in the body or as `?endpoint=`; only the player's own device's row goes.
  .delete('/', async (c) => {
    const me = await requirePlayer(c);
    const query = c.req.query('endpoint');
    const { endpoint } = query
      ? check(PushUnsubscribeBody, { endpoint: query })
      : await readJson(c, PushUnsubscribeBody);
    if (!(await deletePushSubscription(c.var.db, me.id, endpoint)))
      throw notFound('push-subscription-not-found');
    return c.body(null, 204);
  });

/** GET /api/push/key: the VAPID public key; a browser whose subscription has another key subscribes again. */
export const pushKeyRoutes = new Hono<Push>().get('/key', (c) =>
  c.json({ publicKey: keysOf(c.env).publicKey } satisfies PushKey),
);
