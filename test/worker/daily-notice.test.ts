import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { dayOf } from '../../contract/daily';
import type { NotificationResource } from '../../contract/notifications';
import { call, json, registerGuest, type Session } from './helpers';
import { daily, dailyPlayer, startedDaily, today } from './daily-helpers';

// "The daily game waiting": the first GET /api/daily of a UTC day by a registered player who has played
// the daily game before and has not started today's tells them once, through the bell.

/** The player finished yesterday's daily game (written as the room's index writer would). */
async function playedYesterday(session: Session) {
  const now = Date.now();
  const yesterday = dayOf(now - 86_400_000);
  const game = await env.DB.prepare(
    "INSERT INTO games (player_id, type, status, total_sum, progress, created_at, updated_at) VALUES (?, 'DAILY', 'COMPLETED', 500, 100, ?, ?) RETURNING id",
  )
    .bind(session.player.id, now, now)
    .first<{ id: number }>();
  await env.DB.prepare(
    'INSERT INTO daily_games (player_id, day, game_id, total, completed_at, created_at) VALUES (?, ?, ?, 500, ?, ?)',
  )
    .bind(session.player.id, yesterday, game?.id, now, now)
    .run();
}

async function noticesOf(session: Session): Promise<NotificationResource[]> {
  const response = await call(`/players/${session.player.id}/notifications?size=100`, { jar: session.jar });
  expect(response.status).toBe(200);
  const page = await json<{ _embedded: { notifications: NotificationResource[] } }>(response);
  return page._embedded.notifications.filter((n) => n.kind === 'daily-waiting');
}

describe('the daily game waiting notification', () => {
  it('is sent once a day, even to racing requests, and not again after it was read', async () => {
    const me = await dailyPlayer();
    await playedYesterday(me);
    await daily(me);
    await Promise.all([daily(me), daily(me), daily(me)]);
    const notices = await noticesOf(me);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ params: { day: today() }, link: '/daily' });
    expect(notices[0].content).toBe(`Today's Daily Yamb (${today()}) is waiting for you`);

    // Read (deleted), it does not come back the same day.
    const read = await call(notices[0]._links.self?.href ?? '', { method: 'DELETE', jar: me.jar });
    expect(read.status).toBeLessThan(300);
    await daily(me);
    expect(await noticesOf(me)).toHaveLength(0);
  });

  it('is not sent to a newcomer, to a player who started today, to a guest, or to nobody', async () => {
    const newcomer = await dailyPlayer();
    await daily(newcomer);
    expect(await noticesOf(newcomer)).toHaveLength(0);

    const me = await dailyPlayer();
    await playedYesterday(me);
    await startedDaily(me);
    await daily(me);
    expect(await noticesOf(me)).toHaveLength(0);

    const guest = await registerGuest();
    await daily(guest);
    expect((await daily(null)).played).toBe(false);
  });
});
