import { describe, expect, it } from 'vitest';
import { announce, fill, type GameState, newGame, roll, undo } from '../../game';
import { hasActionLinks, isNotOlder } from '../../web/api/gameCache';
import type { GameResource } from '../../contract/games';
import type { GameMeta } from '../../durable-objects/gameRecord';
import { isNewRoll, rollMark } from '../../web/components/game/view';
import { ALL, fixed, PLAYER, resourceOf } from './game-helpers';

// What the play screen does with a game state that arrives (the answer to a move or a live message):
// whether the cache takes it, and whether the dice tumble for it.

/**
 * A game's room for one test: `resource(state)` is what the server sends after a change to `state` (a
 * later updatedAt each time, as the room stamps it), rendered by the server's toGameResource for the
 * player, or for `viewer`. Each test makes its own, so no test depends on what ran before it.
 */
function room() {
  let clock = Date.parse('2026-03-01T12:00:00.000Z');
  return (
    state: GameState,
    meta: Partial<GameMeta> = {},
    viewer: number | null = PLAYER.id,
  ): GameResource => {
    clock += 1000;
    const createdAt = Date.parse('2026-03-01T11:00:00.000Z');
    return resourceOf(state, { createdAt, updatedAt: clock, ...meta }, viewer);
  };
}

const tumbles = (before: GameResource, after: GameResource) => isNewRoll(rollMark(before), rollMark(after));

describe('the dice tumble only for a real roll', () => {
  const fresh = newGame();
  const rolled = roll(fresh, ALL, fixed([1, 2, 3, 4, 5]));

  it('a turn’s first roll and every further roll tumble', () => {
    const resource = room();
    const start = resource(fresh);
    const first = resource(rolled);
    expect(tumbles(start, first)).toBe(true);
    const second = resource(roll(rolled, [0, 1], fixed([6, 6])));
    expect(tumbles(first, second)).toBe(true);
  });

  it('announcing a box after a roll does not (the last action stays ROLL, only updatedAt moves)', () => {
    const resource = room();
    const before = resource(rolled);
    const announced = resource(announce(rolled, 'YAMB'));
    expect(announced.lastAction).toBe('ROLL');
    expect(tumbles(before, announced)).toBe(false);
    // ...and the roll after the announcement does.
    const next = resource(roll(announce(rolled, 'YAMB'), [0], fixed([6])));
    expect(tumbles(announced, next)).toBe(true);
  });

  it('the same state twice (the answer and the live message) tumbles once', () => {
    const resource = room();
    const before = resource(fresh);
    const after = resource(rolled);
    expect(tumbles(before, after)).toBe(true);
    expect(tumbles(after, { ...after })).toBe(false);
  });

  it('an undo brings back the roll before the fill without throwing anything', () => {
    const resource = room();
    const filled = fill(rolled, 'FREE', 'ONES');
    const before = resource(filled);
    expect(tumbles(before, resource(undo(filled)))).toBe(false);
  });

  it('a new turn’s roll tumbles even when the fill before it was never seen', () => {
    const resource = room();
    const sameCount = roll(fill(rolled, 'FREE', 'ONES'), ALL, fixed([1, 2, 3, 4, 5]));
    expect(sameCount.rollCount).toBe(rolled.rollCount);
    expect(sameCount.dice).toEqual(rolled.dice);
    const before = resource(rolled);
    expect(tumbles(before, resource(sameCount))).toBe(true);
  });

  it('nothing tumbles for a fill, an older state, another game or the first state seen', () => {
    const resource = room();
    const before = resource(rolled);
    expect(tumbles(before, resource(fill(rolled, 'FREE', 'ONES')))).toBe(false);
    const newer = resource(roll(rolled, [0], fixed([6])));
    expect(tumbles(newer, before)).toBe(false);
    const other = resource(fresh);
    expect(tumbles(other, resource(rolled, { id: 8 }))).toBe(false);
    expect(isNewRoll(null, rollMark(before))).toBe(false);
  });
});

describe('the cache keeps the newest state of a game', () => {
  const state = roll(newGame(), ALL, fixed([2, 2, 2, 5, 6]));

  it('takes a newer state and refuses an older one', () => {
    const resource = room();
    const older = resource(state);
    const newer = resource(state);
    expect(isNotOlder(newer, older)).toBe(true);
    expect(isNotOlder(older, newer)).toBe(false);
    expect(isNotOlder(older, undefined)).toBe(true);
  });

  it('never swaps the player’s copy with links for a link-less copy of the same state', () => {
    const resource = room();
    const mine = resource(state);
    // The watcher's rendering of the same change: the same updatedAt, no action links.
    const same = { createdAt: Date.parse(mine.createdAt), updatedAt: Date.parse(mine.updatedAt) };
    const watchers = resourceOf(state, same, null);
    expect(watchers._links).toEqual({ self: mine._links.self });
    expect(hasActionLinks(mine)).toBe(true);
    expect(hasActionLinks(watchers)).toBe(false);
    expect(isNotOlder(watchers, mine)).toBe(false);
    // The other way round is fine, and so is a link-less copy of the same state over another one.
    expect(isNotOlder(mine, watchers)).toBe(true);
    expect(isNotOlder(watchers, { ...watchers })).toBe(true);
    // A link-less state that is newer is a real change (the game ended, the viewer changed): it wins.
    const later = resource(state, {}, null);
    expect(isNotOlder(later, mine)).toBe(true);
  });
});
