import { describe, expect, it } from 'vitest';
import type { ClashPlayer, ClashResource } from '../../contract/clashes';
import { isNewerClash } from '../../web/api/clashCache';
import { freeSeats, groupClashes, isMember, onTurn, ranking } from '../../web/components/clash/model';
import { CLASSIC_RULES, describeRules } from '../../game/rules';

// What the clash screens make of a clash: the list's groups, whose turn it is, the seats left in the
// lobby, the final ranking's places, and which of two states of a clash the cache keeps.

const player = (id: number, score: number | null = null, crown = false): ClashPlayer => ({
  id,
  name: `P${id}`,
  status: 'ACCEPTED',
  bot: false,
  forfeited: false,
  resigned: false,
  removable: false,
  avatar: null,
  score,
  gameId: score === null ? null : 100 + id,
  crown,
});

function clash(over: Partial<ClashResource> = {}): ClashResource {
  return {
    id: 1,
    name: 'Friday',
    type: 'LIVE',
    status: 'IN_PROGRESS',
    owner: { id: 1, name: 'P1' },
    players: [player(1, 0), player(2, 0)],
    turn: 0,
    winner: null,
    rules: describeRules(CLASSIC_RULES),
    turnSeconds: null,
    turnDeadline: null,
    turnStartedAt: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
    _links: { self: { href: '/api/clashes/1' } },
    ...over,
  };
}

describe('the list of clashes', () => {
  it('groups clashes by status, keeping the order they came in', () => {
    const groups = groupClashes([
      clash({ id: 1, status: 'COMPLETED' }),
      clash({ id: 2, status: 'PENDING' }),
      clash({ id: 3, status: 'IN_PROGRESS' }),
      clash({ id: 4, status: 'PENDING' }),
      clash({ id: 5, status: 'CANCELLED' }),
    ]);
    expect(groups.IN_PROGRESS.map((c) => c.id)).toEqual([3]);
    expect(groups.PENDING.map((c) => c.id)).toEqual([2, 4]);
    expect(groups.COMPLETED.map((c) => c.id)).toEqual([1]);
    expect(groups.CANCELLED.map((c) => c.id)).toEqual([5]);
  });
});

describe('a clash being played', () => {
  it('names the player on turn only while it is played', () => {
    expect(onTurn(clash({ turn: 1 }))?.id).toBe(2);
    expect(onTurn(clash({ status: 'COMPLETED', turn: 1 }))).toBeNull();
  });

  it('tells members from watchers', () => {
    expect(isMember(clash(), 2)).toBe(true);
    expect(isMember(clash(), 3)).toBe(false);
    expect(isMember(clash(), null)).toBe(false);
  });

  it('has room for a third player only', () => {
    expect(freeSeats(clash())).toBe(1);
    expect(freeSeats(clash({ players: [player(1), player(2), player(3)] }))).toBe(0);
  });
});

describe('the final ranking', () => {
  it('puts the best total first', () => {
    const rows = ranking(clash({ players: [player(1, 180), player(2, 240, true), player(3, 210)] }));
    expect(rows.map((r) => [r.player.id, r.place, r.total])).toEqual([
      [2, 1, 240],
      [3, 2, 210],
      [1, 3, 180],
    ]);
  });

  it('gives tied players one place, in turn order, and skips the places they took', () => {
    const rows = ranking(clash({ players: [player(1, 150), player(2, 200, true), player(3, 200, true)] }));
    expect(rows.map((r) => [r.player.id, r.place])).toEqual([
      [2, 1],
      [3, 1],
      [1, 3],
    ]);
    expect(rows.filter((r) => r.player.crown)).toHaveLength(2);
  });
});

describe('the cached clash', () => {
  const at = (updatedAt: string) => clash({ updatedAt });

  it('takes a newer or equal state and never an older one', () => {
    const now = at('2026-03-01T12:00:01.000Z');
    expect(isNewerClash(at('2026-03-01T12:00:02.000Z'), now)).toBe(true);
    expect(isNewerClash(at('2026-03-01T12:00:01.000Z'), now)).toBe(true);
    expect(isNewerClash(at('2026-03-01T12:00:00.000Z'), now)).toBe(false);
  });

  it('takes anything when it holds nothing of that clash', () => {
    expect(isNewerClash(at('2026-03-01T12:00:00.000Z'), undefined)).toBe(true);
    expect(isNewerClash(at('2026-03-01T12:00:00.000Z'), clash({ id: 2 }))).toBe(true);
  });
});
