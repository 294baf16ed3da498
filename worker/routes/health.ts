import { Hono } from 'hono';
import type { Health, ServiceHealth } from '../../contract/health';
import { reachable } from '../db/outage';
import type { Env } from '../env';
import { humanCheckEnabled } from '../lib/humanCheck';
import { healthProbe } from '../rooms';

async function probe(check: () => Promise<unknown>): Promise<ServiceHealth> {
  const started = performance.now();
  let up = true;
  try {
    await check();
  } catch {
    up = false;
  }
  return { up, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
}

/** Each service is asked for real: a D1 query, an R2 head, a Durable Object round trip. */
export const health = new Hono<{ Bindings: Env }>().get('/', async (c) => {
  const [database, storage, rooms] = await Promise.all([
    probe(() => reachable(c.env.DB).prepare('SELECT 1').first()),
    probe(() => c.env.AVATARS.head('health-probe')),
    probe(async () => {
      if ((await healthProbe(c.env).ping()) !== 'pong') throw new Error('no pong');
    }),
  ]);
  const up = database.up && storage.up && rooms.up;
  return c.json(
    {
      status: up ? 'ok' : 'degraded',
      version: c.env.APP_VERSION,
      environment: c.env.ENVIRONMENT,
      humanCheck: humanCheckEnabled(c.env) ? 'on' : 'off',
      turnstileSiteKey: c.env.TURNSTILE_SITE_KEY,
      services: { database, storage, rooms },
    } satisfies Health,
    up ? 200 : 503,
  );
});
