import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../worker/lib/errors';
import { consume } from '../../worker/lib/rateLimit';

const rule = { name: 'story', limit: 5, windowSeconds: 60 };
const edge = 1_800_000_000_000; // a multiple of 60 s: the edge between two fixed windows

async function attempt(subject: string, at: number): Promise<number | 'refused'> {
  try {
    await consume(env.DB, rule, subject, at);
    return 1;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return 'refused';
    throw error;
  }
}

describe('rate limits', () => {
  it('a burst that straddles the edge of a window is still one burst', async () => {
    const answers = [];
    // Three just before the edge, three just after: six in two seconds, over the limit of five.
    for (const at of [edge - 1500, edge - 1000, edge - 500, edge + 100, edge + 500, edge + 900]) {
      answers.push(await attempt('straddler', at));
    }
    expect(answers).toEqual([1, 1, 1, 1, 1, 'refused']);
  });

  it('the events of a window long past no longer count', async () => {
    for (let i = 0; i < 5; i++) expect(await attempt('patient', edge - 30_000 + i)).toBe(1);
    expect(await attempt('patient', edge - 20_000)).toBe('refused');
    // Two windows later nothing of the burst remains.
    expect(await attempt('patient', edge + 61_000)).toBe(1);
  });

  it('a refusal says how long to wait', async () => {
    for (let i = 0; i < 5; i++) await attempt('waiter', edge + 1000 + i);
    const refusal = await consume(env.DB, rule, 'waiter', edge + 2000).catch((error: AppError) => error);
    expect(refusal).toBeInstanceOf(AppError);
    const wait = Number((refusal as AppError).headers['Retry-After']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('forgets counters that count for nothing any more, so one-off identifiers do not pile up', async () => {
    const rows = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'story:one-off-%'").first<{
          n: number;
        }>()
      )?.n;
    for (let i = 0; i < 20; i++) await attempt(`one-off-${i}`, edge + i);
    expect(await rows()).toBe(20);
    // Two windows later every one of them is over; counting anything sweeps them away (a bounded number
    // per count, and other files' counters share the table, so count a few times).
    for (let i = 0; i < 10; i++) await attempt('someone-new', edge + 2 * 60_000 + 1 + i);
    expect(await rows()).toBe(0);
  });
});
