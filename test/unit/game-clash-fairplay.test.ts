import { describe, expect, it } from 'vitest';
import { CLASH_RATED_MIN_FILLS, CLASH_STALL_MS } from '../../contract/clashRules';
import { afterResign, afterTimeout, crowned, fillsOf, places, refusePass, refuseResign } from '../../game';
import { type ClashMember, clashPermissions, type ClashView, playedEnough } from '../../game';
import type { ClashGame } from '../../durable-objects/clashRecord';
import { toClashResource } from '../../worker/lib/resources/clashes';
import { clashOf, member, recordOf, T0 } from './clash-fixtures';

// Fair play in a clash's rules: forfeited players ranked among themselves by total, a clash
// abandoned by everyone, resigning, passing a stalled turn, and the fills a rated clash needs.

/** A running clash of `members` with a fresh game each; `filled[i]` boxes already on player i's sheet. */
const record = (members: ClashMember[], over: Partial<ClashView> = {}, filled: number[] = []) =>
  recordOf(clashOf(members, { name: 'Fair', ...over }), filled);

describe('the ranking of a clash with forfeited players', () => {
  it('puts everyone who played on first, then the forfeited by their totals, never tied across totals', () => {
    // The clash: 25 played on; 35 and 48 forfeited.
    expect(places([48, 35, 25], [true, true, false])).toEqual([2, 3, 1]);
    expect(places([48, 48, 25], [true, true, false])).toEqual([2, 2, 1]);
    expect(places([100, 300, 200], [false, true, false])).toEqual([2, 3, 1]);
  });

  it('crowns only who played on, and nobody when everyone forfeited', () => {
    expect(crowned([48, 35, 25], [true, true, false])).toEqual([2]);
    expect(crowned([48, 35], [true, true])).toEqual([]);
  });
});

describe('a turn run out that leaves one player standing', () => {
  it('crowns that player when they played their latest turn', () => {
    const rec = record([member(0, { missed: 2 }), member(1, { missed: 0 })]);
    const out = afterTimeout(rec, T0 + 1);
    expect(out?.clash.status).toBe('COMPLETED');
    expect(out?.clash.players[0]?.forfeited).toBe(true);
  });

  it('abandons the clash when they let their own latest turn run out too: no crown, no winner', () => {
    const rec = record([member(0, { missed: 2, score: 48 }), member(1, { missed: 1, score: 25 })]);
    const out = afterTimeout(rec, T0 + 1);
    expect(out?.clash.status).toBe('ABANDONED');
    const resource = toClashResource({ ...rec.clash, ...out?.clash }, null, T0);
    expect(resource.winner).toBeNull();
    expect(resource.players.map((p) => p.crown)).toEqual([false, false]);
  });

  it('goes on while two players still play', () => {
    const rec = record([member(0, { missed: 2 }), member(1, { missed: 1 }), member(2, { missed: 1 })]);
    expect(afterTimeout(rec, T0 + 1)?.clash.status).toBe('IN_PROGRESS');
  });
});

describe('resigning', () => {
  it('is for a playing member of a running clash', () => {
    const rec = record([member(0), member(1, { forfeited: true }), member(2)]);
    expect(refuseResign(rec.clash, 10)).toBeNull();
    expect(refuseResign(rec.clash, 11)).toMatchObject({ status: 409, key: 'clash-already-out' });
    expect(refuseResign(rec.clash, 99)).toMatchObject({ status: 403, key: 'not-clash-member' });
    expect(refuseResign({ ...rec.clash, status: 'COMPLETED' }, 10)).toMatchObject({
      status: 409,
      key: 'clash-not-in-progress',
    });
    expect(refuseResign({ ...rec.clash, status: 'PENDING' }, 99)).toMatchObject({
      status: 404,
    });
    expect(clashPermissions(rec.clash, 10, T0).resign).toBe(true);
    expect(clashPermissions(rec.clash, 11, T0).resign).toBe(false);
    expect(clashPermissions(rec.clash, null, T0).resign).toBe(false);
  });

  it('on turn, passes the turn with a fresh clock and throws the dice away', () => {
    const rec = record([member(0), member(1), member(2)]);
    const game = rec.games['100'] as ClashGame;
    game.state = { ...game.state, rollCount: 2, dice: [6, 6, 6, 6, 6] };
    const out = afterResign(rec, 10, T0 + 5000);
    expect(out.clash).toMatchObject({ status: 'IN_PROGRESS', turn: 1, turnDeadline: T0 + 35_000 });
    expect(out.clash.players[0]).toMatchObject({ forfeited: true, resigned: true });
    expect(out.games['100']?.state.rollCount).toBe(0);
  });

  it('ends the clash when one player is left, that player winning, even one whose turn ran out', () => {
    const rec = record([member(0, { missed: 2 }), member(1)]);
    const out = afterResign(rec, 11, T0 + 5000);
    expect(out.clash.status).toBe('COMPLETED');
    expect(out.clash.turnDeadline).toBeNull();
    expect(toClashResource({ ...rec.clash, ...out.clash }, null, T0).winner?.id).toBe(10);
  });
});

describe('passing a stalled turn', () => {
  const untimed = (startedAt: number) =>
    record([member(0), member(1), member(2, { forfeited: true })], {
      turnSeconds: null,
      turnDeadline: null,
      turnStartedAt: startedAt,
    });

  it('comes with the link only once the player on turn has not moved for 7 days, to the others playing', () => {
    const rec = untimed(T0);
    const justBefore = T0 + CLASH_STALL_MS - 1;
    expect(clashPermissions(rec.clash, 11, justBefore).pass).toBe(false);
    expect(refusePass(rec.clash, 11, justBefore)).toMatchObject({ status: 409, key: 'clash-not-stalled' });
    const after = T0 + CLASH_STALL_MS;
    expect(clashPermissions(rec.clash, 11, after).pass).toBe(true);
    expect(refusePass(rec.clash, 11, after)).toBeNull();
    // Not to the player on turn, nor to one out of the clash, nor to a watcher.
    expect(clashPermissions(rec.clash, 10, after).pass).toBe(false);
    expect(refusePass(rec.clash, 10, after)).toMatchObject({ key: 'clash-own-turn' });
    expect(clashPermissions(rec.clash, 12, after).pass).toBe(false);
    expect(clashPermissions(rec.clash, null, after).pass).toBe(false);
  });

  it('counts from the last change for a clash stored before the turn start was kept', () => {
    const rec = untimed(T0);
    const old = { ...rec.clash, turnStartedAt: undefined, updatedAt: T0 + 1000 };
    expect(clashPermissions(old, 11, T0 + CLASH_STALL_MS).pass).toBe(false);
    expect(clashPermissions(old, 11, T0 + 1000 + CLASH_STALL_MS).pass).toBe(true);
  });

  it('is not for a timed clash, whose clock passes the turn', () => {
    const rec = record([member(0), member(1)], { turnStartedAt: T0 });
    expect(clashPermissions(rec.clash, 11, T0 + 2 * CLASH_STALL_MS).pass).toBe(false);
    expect(refusePass(rec.clash, 11, T0 + 2 * CLASH_STALL_MS)).toMatchObject({ key: 'clash-timed' });
  });
});

describe('the fills a rated clash needs', () => {
  it(`counts each player's own filled boxes, and rates only when everyone has ${CLASH_RATED_MIN_FILLS}`, () => {
    const rec = record([member(0), member(1)], {}, [12, 4]);
    expect(fillsOf(rec)).toEqual([12, 4]);
    expect(playedEnough(fillsOf(rec))).toBe(false);
    expect(playedEnough([CLASH_RATED_MIN_FILLS, 52])).toBe(true);
    expect(playedEnough([])).toBe(false);
  });
});
