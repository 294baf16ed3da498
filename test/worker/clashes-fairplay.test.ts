import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CLASH_RATED_MIN_FILLS } from '../../contract/clashes';
import { clashRow, notifications, takeTurn } from './clashes-helpers';
import {
  clashNow,
  clockedClash,
  placesOf,
  playRound,
  ratingsAfter,
  runOut,
} from './clashes-fairplay-helpers';
import type { Session } from './helpers';

// "Rated only when played": a clash moves ratings only when every player filled at least
// CLASH_RATED_MIN_FILLS boxes themselves; a clash everybody walked away from is abandoned (no crown, no
// rating); forfeited players rank among themselves by their totals.

describe('a clash rated only when played', () => {
  it('does not rate a second account that let three turns run out: the winner is crowned, nobody moves', async () => {
    const { clash, people, games } = await clockedClash(2, 30);
    const [ana, ben] = people as [Session, Session];
    for (let missed = 0; missed < 3; missed++) {
      await takeTurn(ana, games[0] as number);
      await runOut(clash.id); // Ben's clock
    }
    const over = await clashNow(clash.id);
    expect(over.status).toBe('COMPLETED');
    expect(over.winner?.id).toBe(ana.player.id);
    expect(over.players.map((p) => p.crown)).toEqual([true, false]);
    expect(over.players[1]?.forfeited).toBe(true);
    expect((await clashRow(clash.id))?.winnerId).toBe(ana.player.id);
    const { changes, players } = await ratingsAfter(clash.id, [ana.player.id, ben.player.id]);
    expect(changes).toBe(0);
    expect(players).toEqual([
      { mu: 25, rated: 0 },
      { mu: 25, rated: 0 },
    ]);
    expect(await notifications(ana.player.id, 'clash-completed')).toHaveLength(1);
    expect(await notifications(ana.player.id, 'rating-changed', 0)).toHaveLength(0);
    expect(await notifications(ben.player.id, 'rating-changed', 0)).toHaveLength(0);
  });

  it('abandons a 3-player clash nobody plays on: no crown, no winner, unrated, places by totals', async () => {
    const { clash, people, games } = await clockedClash(3, 30);
    for (let turn = 0; turn < 6; turn++) await playRound(clash.id, people, games, new Set());
    // Nobody plays any more: Ana forfeits first, then Ben; Cleo's own turns ran out too.
    let now = await clashNow(clash.id);
    for (let guard = 0; now.status === 'IN_PROGRESS' && guard < 12; guard++) {
      await runOut(clash.id);
      now = await clashNow(clash.id);
    }
    expect(now.status).toBe('ABANDONED');
    expect(now.winner).toBeNull();
    expect(now.players.map((p) => p.crown)).toEqual([false, false, false]);
    expect(now.players.map((p) => p.forfeited)).toEqual([true, true, false]);
    expect(now.turnDeadline).toBeNull();
    expect(await clashRow(clash.id)).toMatchObject({ status: 'ABANDONED', winnerId: null });
    const ids = people.map((p) => p.player.id);
    expect((await ratingsAfter(clash.id, ids)).changes).toBe(0);
    // Places by totals alone: a higher total is a better place, equal totals share one.
    const placed = await placesOf(clash.id);
    for (const a of placed)
      for (const b of placed) {
        if ((a.score ?? 0) > (b.score ?? 0)) expect(a.place).toBeLessThan(b.place as number);
        if (a.score === b.score) expect(a.place).toBe(b.place);
      }
    for (const id of ids) {
      expect(await notifications(id, 'clash-abandoned')).toHaveLength(1);
      expect(await notifications(id, 'clash-completed', 0)).toHaveLength(0);
    }
    // Listed with the finished clashes, as abandoned, with no crown.
    const listed = await clashNow(clash.id, people[0]);
    expect(listed.status).toBe('ABANDONED');
    // Unfinished sheets are put away.
    const statuses = await Promise.all(
      games.map(async (id) =>
        env.DB.prepare('SELECT status FROM games WHERE id = ?').bind(id).first<string>('status'),
      ),
    );
    expect(statuses).toEqual(['ARCHIVED', 'ARCHIVED', 'ARCHIVED']);
  });

  it('rates an honest win: one player leaves at turn 30, the other plays on', async () => {
    const { clash, people, games } = await clockedClash(2, 30);
    const [ana, ben] = people as [Session, Session];
    // Turn 30: 15 fills each, well over the CLASH_RATED_MIN_FILLS a rated clash needs.
    for (let turn = 0; turn < 30; turn++) await playRound(clash.id, people, games, new Set());
    expect(30 / 2).toBeGreaterThanOrEqual(CLASH_RATED_MIN_FILLS);
    // Ben leaves: his turns run out while Ana plays on.
    let now = await clashNow(clash.id);
    for (let guard = 0; now.status === 'IN_PROGRESS' && guard < 8; guard++) {
      await playRound(clash.id, people, games, new Set([1]));
      now = await clashNow(clash.id);
    }
    expect(now.status).toBe('COMPLETED');
    expect(now.winner?.id).toBe(ana.player.id);
    const { changes, players } = await ratingsAfter(clash.id, [ana.player.id, ben.player.id]);
    expect(changes).toBe(2);
    expect(players[0]?.mu).toBeGreaterThan(25);
    expect(players[1]?.mu).toBeLessThan(25);
    const [told] = await notifications(ana.player.id, 'rating-changed');
    expect(Number(told?.params.after)).toBeGreaterThan(1500);
  }, 60_000);
});
