import { describe, expect, it } from 'vitest';
import {
  advise,
  announce,
  applyMove,
  BOX_TYPES,
  canAnnounce,
  canRoll,
  CLASSIC_RULES,
  type DiceSource,
  fill,
  fillableBoxes,
  type GameMove,
  type GameState,
  moveOf,
  newGame,
  roll,
} from '../../game';

// The advisor on positions whose best move is known by hand, and the promise that what it advises the
// rules accept.

const fixed =
  (values: number[]): DiceSource =>
  (count) =>
    values.slice(0, count);

/** A seeded PRNG (mulberry32): the same games on every run. */
function seeded(seed: number): DiceSource {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (count) => Array.from({ length: count }, () => 1 + Math.floor(next() * 6));
}

const toMove = moveOf;

/** A seeded uniform integer in [0, n), for choosing random moves. */
function seededInt(seed: number): (n: number) => number {
  const die = seeded(seed);
  // Two dice give one of 36 values; enough spread for choosing among a few dozen moves.
  return (n) => {
    const [a, b] = die(2);
    return ((a - 1) * 6 + (b - 1)) % n;
  };
}

/** Some legal move, chosen at random: any fillable box, any announcement, any non-empty re-roll. */
function randomMove(state: GameState, pick: (n: number) => number): GameMove {
  if (state.rollCount === 0) return { type: 'ROLL', diceToRoll: [0, 1, 2, 3, 4] };
  const moves: GameMove[] = fillableBoxes(state).map((t) => ({
    type: 'FILL',
    columnType: t.column,
    boxType: t.box,
  }));
  for (const box of BOX_TYPES) if (canAnnounce(state, box)) moves.push({ type: 'ANNOUNCE', boxType: box });
  if (canRoll(state) === null) {
    const mask = 1 + pick(31);
    const diceToRoll = [0, 1, 2, 3, 4].filter((i) => mask & (1 << i));
    // Rolls weigh as much as all fills together, so turns often reach their second and third roll.
    const fills = moves.length;
    for (let i = 0; i < Math.max(1, fills); i++) moves.push({ type: 'ROLL', diceToRoll });
  }
  return moves[pick(moves.length)];
}

/** With `filled` (column, box) pairs already scored `value`, the rest empty. */
function withFilled(filled: [string, string][], value = 0): GameState {
  const state = newGame();
  const isFilled = (c: string, b: string) => filled.some(([fc, fb]) => fc === c && fb === b);
  return {
    ...state,
    sheet: {
      columns: state.sheet.columns.map((c) => ({
        ...c,
        boxes: c.boxes.map((b) => (isFilled(c.type, b.type) ? { ...b, value } : b)),
      })),
    },
  };
}

/** Fills every box of the other columns with zeros, leaving only ANNOUNCEMENT open. */
function onlyAnnouncementLeft(): GameState {
  const state = newGame();
  return {
    ...state,
    sheet: {
      columns: state.sheet.columns.map((c) =>
        c.type === 'ANNOUNCEMENT' ? c : { ...c, boxes: c.boxes.map((b) => ({ ...b, value: 0 })) },
      ),
    },
  };
}

describe('the move advisor', () => {
  it('rolls all the dice before the first roll', () => {
    const advice = advise(newGame());
    expect(advice).toMatchObject({ kind: 'ROLL', diceToRoll: [0, 1, 2, 3, 4] });
  });

  it('does not re-roll a made Yamb on the first roll: it keeps it for YAMB', () => {
    const state = roll(newGame(), [], fixed([6, 6, 6, 6, 6]));
    const advice = advise(state);
    expect(advice.kind).not.toBe('ROLL');
    if (advice.kind === 'FILL') expect(advice.box).toBe('YAMB');
    if (advice.kind === 'ANNOUNCE') expect(advice.box).toBe('YAMB');
  });

  it('fills a made Yamb in YAMB once it is rolled in the last roll', () => {
    let state = roll(newGame(), [], fixed([6, 6, 6, 6, 1]));
    state = roll(state, [4], fixed([2]));
    state = roll(state, [4], fixed([6]));
    const advice = advise(state);
    expect(advice).toMatchObject({ kind: 'FILL', box: 'YAMB' });
  });

  it('does not re-roll 1-2-3-4-5 with STRAIGHT open', () => {
    const state = roll(newGame(), [], fixed([1, 2, 3, 4, 5]));
    const advice = advise(state);
    expect(advice.kind).not.toBe('ROLL');
  });

  it('fills a first-roll Yamb in an open YAMB when ANNOUNCEMENT cannot take it', () => {
    const state = roll(withFilled([['ANNOUNCEMENT', 'YAMB']]), [], fixed([4, 4, 4, 4, 4]));
    expect(advise(state)).toMatchObject({ kind: 'FILL', box: 'YAMB' });
  });

  it('fills a last-turn Yamb in YAMB rather than scratching it', () => {
    // Two boxes left: FREE's YAMB and FREE's ONES; 5-5-5-5-5 scores 75 in YAMB and 0 in ONES.
    const open: [string, string][] = [
      ['FREE', 'YAMB'],
      ['FREE', 'ONES'],
    ];
    const all = CLASSIC_RULES.columns.flatMap((c) => BOX_TYPES.map((b): [string, string] => [c, b]));
    const filled = all.filter(([c, b]) => !open.some(([oc, ob]) => oc === c && ob === b));
    const state = roll(withFilled(filled, 10), [], fixed([5, 5, 5, 5, 5]));
    expect(advise(state)).toMatchObject({ kind: 'FILL', column: 'FREE', box: 'YAMB' });
  });

  it('takes 1-2-3-4-5 for STRAIGHT on the first roll', () => {
    const advice = advise(roll(newGame(), [], fixed([1, 2, 3, 4, 5])));
    expect(advice.kind === 'ROLL' ? null : advice.box).toBe('STRAIGHT');
  });

  it('announces when only the ANNOUNCEMENT column is left', () => {
    const state = roll(onlyAnnouncementLeft(), [], fixed([3, 3, 3, 2, 5]));
    expect(advise(state).kind).toBe('ANNOUNCE');
  });

  it('fills the announced box on the last roll', () => {
    let state = roll(newGame(), [], fixed([3, 3, 3, 2, 5]));
    state = announce(state, 'TRIPS');
    state = roll(state, [3, 4], fixed([1, 1]));
    state = roll(state, [3, 4], fixed([1, 1]));
    expect(advise(state)).toMatchObject({ kind: 'FILL', column: 'ANNOUNCEMENT', box: 'TRIPS' });
  });

  it('gives the same advice for the same state', () => {
    const state = fill(roll(newGame(), [], fixed([2, 4, 4, 5, 6])), 'FREE', 'FOURS');
    const next = roll(state, [], fixed([1, 3, 3, 6, 6]));
    expect(advise(next)).toEqual(advise(structuredClone(next)));
  });

  it('advises only moves the rules accept, in thousands of random reachable states', () => {
    const dice = seeded(29);
    const pick = seededInt(31);
    let checked = 0;
    for (let game = 0; game < 30; game++) {
      let state = newGame();
      while (state.status === 'IN_PROGRESS') {
        // applyMove throws RuleError on a move the rules refuse.
        expect(() => applyMove(state, toMove(advise(state)), dice)).not.toThrow();
        checked++;
        state = applyMove(state, randomMove(state, pick), dice);
      }
    }
    expect(checked).toBeGreaterThan(3000);
    // Thousands of exact searches: seconds on a busy 2-core machine, past vitest's default 5 s.
  }, 60_000);

  it('advises only moves the rules accept, over whole seeded games', () => {
    const dice = seeded(11);
    for (let game = 0; game < 4; game++) {
      let state = newGame();
      let moves = 0;
      while (state.status === 'IN_PROGRESS') {
        state = applyMove(state, toMove(advise(state)), dice);
        moves++;
        expect(moves).toBeLessThan(CLASSIC_RULES.columns.length * BOX_TYPES.length * 5);
      }
    }
  }, 60_000);
});
