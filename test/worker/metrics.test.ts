import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Metrics } from '../../contract/metrics';
import { countRequest, flushMetrics } from '../../worker/lib/metrics';
import { call, expectError, json, makeAdmin, registerPlayer } from './helpers';

// GET /api/metrics: the figures of the about page's status tab, for admins.

describe('the metrics', () => {
  it('count the requests answered, with their errors, time and the storage used', async () => {
    const boss = await registerPlayer();
    await makeAdmin(boss.player.id);
    await env.AVATARS.put(`metrics-probe-${crypto.randomUUID()}`, new Uint8Array(1234));
    const first = await json<Metrics>(await call('/metrics', { jar: boss.jar }));
    for (let i = 0; i < 3; i++) expect((await call('/players/me', { jar: boss.jar })).status).toBe(200);
    await call('/no-such-route');
    const response = await call('/metrics', { jar: boss.jar });
    expect(response.status).toBe(200);
    const second = await json<Metrics>(response);

    // The first /metrics, three reads and the 404 at least (other files' requests may count too).
    expect(second.requests - first.requests).toBeGreaterThanOrEqual(5);
    expect(second.errors).toBeGreaterThanOrEqual(first.errors);
    expect(second.errorRatePercent).toBeGreaterThanOrEqual(0);
    expect(second.errorRatePercent).toBeLessThanOrEqual(100);
    expect(second.averageResponseMs).toBeGreaterThanOrEqual(0);
    expect(second.cpuTimePerRequestMs).toBe(second.averageResponseMs);
    expect(second.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(second.isolateUptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(second.measuredSince ?? '')).toBeLessThanOrEqual(Date.now());
    expect(second.storage.database.limitBytes).toBe(10_000_000_000);
    expect(second.storage.database.usedBytes).toBeGreaterThan(0);
    expect(second.storage.database.freeBytes).toBe(
      second.storage.database.limitBytes - (second.storage.database.usedBytes ?? 0),
    );
    expect(second.storage.files.usedBytes).toBeGreaterThanOrEqual(1234);
    expect(second.storage.files.objects).toBeGreaterThanOrEqual(1);
    expect(second.storage.files.complete).toBe(true);
  });

  it('count a server error (5xx) as an error, and the rate follows', async () => {
    const boss = await registerPlayer();
    await makeAdmin(boss.player.id);
    const before = await json<Metrics>(await call('/metrics', { jar: boss.jar }));
    // No public request answers 500 on purpose: the counters the request log feeds are fed directly.
    countRequest(40, 500);
    countRequest(20, 503);
    countRequest(10, 404);
    await flushMetrics(env);
    const after = await json<Metrics>(await call('/metrics', { jar: boss.jar }));
    expect(after.errors - before.errors).toBeGreaterThanOrEqual(2);
    expect(after.requests - before.requests).toBeGreaterThanOrEqual(4);
    expect(after.errorRatePercent).toBeCloseTo((after.errors / after.requests) * 100, 1);
  });

  it('are for admins only', async () => {
    const ana = await registerPlayer();
    await expectError(await call('/metrics', { jar: ana.jar }), 403, 'admin-only');
    await expectError(await call('/metrics'), 401, 'unauthorized');
  });
});
