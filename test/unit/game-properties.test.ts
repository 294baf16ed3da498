import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOX_TYPES,
  type BoxType,
  COLUMN_TYPES,
  type ColumnType,
  canAnnounce,
  canFill,
  canRestart,
  canRoll,
  canUndo,
  type DiceSource,
  fillableBoxes,
  filledCount,
  applyMove,
  type GameMove,
  type GameState,
  type GameType,
  newGame,
  progress,
  RULE_ERROR_KEYS,
  RuleError,
  scoreBox,
  totalSum,
} from '../../game';


type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

function rngDice(rng: Rng): DiceSource {
  return (count) => Array.from({ length: count }, () => 1 + Math.floor(rng() * 6));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** One random legal action: a kind first, so filling does not crowd out rolling. */
function legalAction(state: GameState, rng: Rng, allowTakeBacks: boolean): GameMove | null {
  const kinds: (() => GameMove)[] = [];
  if (canRoll(state) === null) {
    const dice = [0, 1, 2, 3, 4].filter(() => rng() < 0.5);
    kinds.push(() => ({ type: 'ROLL', diceToRoll: dice.length ? dice : [pick(rng, [0, 1, 2, 3, 4])] }));
  }
  const announceable = BOX_TYPES.filter((box) => canAnnounce(state, box));
  if (announceable.length) kinds.push(() => ({ type: 'ANNOUNCE', boxType: pick(rng, announceable) }));
  const fillable = fillableBoxes(state);
  if (fillable.length) kinds.push(() => {
      const { column, box } = pick(rng, fillable);
      return { type: 'FILL', columnType: column, boxType: box };
    });
  if (allowTakeBacks && canUndo(state) && rng() < 0.3) kinds.push(() => ({ type: 'UNDO' }));
  if (allowTakeBacks && canRestart(state) && rng() < 0.005) kinds.push(() => ({ type: 'RESTART' }));
  return kinds.length ? pick(rng, kinds)() : null;
}

function value(state: GameState, column: ColumnType, box: BoxType): number | null {
  return state.sheet.columns[COLUMN_TYPES.indexOf(column)].boxes[BOX_TYPES.indexOf(box)].value;
}

function recomputedTotal(state: GameState): number {
  let total = 0;
  for (const column of COLUMN_TYPES) {
    const v = (box: BoxType) => value(state, column, box) ?? 0;
    const top = BOX_TYPES.slice(0, 6).reduce((a, box) => a + v(box), 0);
    const filled = (box: BoxType) => value(state, column, box) !== null;
    const middle = filled('ONES') && filled('MAX') && filled('MIN') ? v('ONES') * (v('MAX') - v('MIN')) : 0;
    total += top + (top >= 60 ? 30 : 0) + Math.max(0, middle);
    total += BOX_TYPES.slice(8).reduce((a, box) => a + v(box), 0);
  }
  return total;
}

/** The broken invariants of a state, by name; empty when all hold. */
function brokenInvariants(state: GameState): string[] {
  const broken: string[] = [];
  const check = (name: string, ok: boolean) => ok || broken.push(name);
  check('dice', state.dice.length === 5 && state.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6));
  check('rollCount', state.rollCount >= 0 && state.rollCount <= 3);
  const filled = (column: ColumnType) => BOX_TYPES.map((box) => value(state, column, box) !== null);
  const down = filled('DOWNWARDS');
  check(
    'downwards prefix',
    down.every((f, i) => f === i < down.filter(Boolean).length),
  );
  const up = filled('UPWARDS');
  check(
    'upwards suffix',
    up.every((f, i) => f === i >= 13 - up.filter(Boolean).length),
  );
  if (state.announcement) {
    check('announced box empty', value(state, 'ANNOUNCEMENT', state.announcement) === null);
    check('announced after a roll', state.rollCount >= 1);
  }
  const count = filledCount(state.sheet);
  check('completed at 52', (state.status === 'COMPLETED') === (count === 52));
  check('totalSum', totalSum(state.sheet) === recomputedTotal(state));
  check('progress', progress(state.sheet) === Math.round((count / 52) * 100));
  return broken;
}

function expectTransition(before: GameState, action: GameMove, after: GameState): void {
  if (action.type === 'RESTART') return;
  const changed = COLUMN_TYPES.flatMap((column) =>
    BOX_TYPES.filter((box) => value(before, column, box) !== value(after, column, box)).map((box) => ({
      column,
      box,
    })),
  );
  if (action.type === 'FILL') {
    expect(changed).toEqual([{ column: action.columnType, box: action.boxType }]);
    expect(value(before, action.columnType, action.boxType)).toBeNull();
    expect(value(after, action.columnType, action.boxType)).toBe(scoreBox(action.boxType, before.dice));
  } else if (action.type === 'UNDO') {
    expect(changed).toEqual([{ column: before.latestColumnFilled, box: before.latestBoxFilled }]);
    expect(filledCount(after.sheet)).toBe(filledCount(before.sheet) - 1);
  } else {
    expect(changed).toEqual([]);
  }
  if (action.type === 'ROLL') {
    before.dice.forEach((d, i) => {
      if (!after.latestDiceRolled.includes(i)) expect(after.dice[i]).toBe(d);
    });
  }
}

/** The state after up to `steps` random legal moves. */
function walk(seed: number, type: GameType, steps: number, allowTakeBacks: boolean): GameState {
  const rng = mulberry32(seed);
  let state = deepFreeze(newGame(type));
  for (let i = 0; i < steps; i++) {
    const action = legalAction(state, rng, allowTakeBacks);
    if (!action) break;
    state = deepFreeze(applyMove(state, action, rngDice(rng)));
  }
  return state;
}

const gameType = fc.constantFrom<GameType>('SOLO', 'CLASH');

describe('random legal play', () => {
  it('keeps the sheet, dice and sums consistent after every move', () => {
    fc.assert(
      fc.property(fc.integer(), gameType, (seed, type) => {
        const rng = mulberry32(seed);
        let state = deepFreeze(newGame(type));
        for (let i = 0; i < 250; i++) {
          const action = legalAction(state, rng, true);
          if (!action) break;
          const next = deepFreeze(applyMove(state, action, rngDice(rng)));
          expectTransition(state, action, next);
          expect(brokenInvariants(next)).toEqual([]);
          state = next;
        }
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
      { numRuns: 30 },
    );
  });

  it('always completes after exactly 52 fills, never stuck on the way', () => {
    fc.assert(
      fc.property(fc.integer(), gameType, (seed, type) => {
        const rng = mulberry32(seed);
        let state = newGame(type);
        let fills = 0;
        while (state.status === 'IN_PROGRESS') {
          const action = legalAction(state, rng, false);
          expect(action).not.toBeNull();
          if (!action) return;
          state = applyMove(state, action, rngDice(rng));
          if (action.type === 'FILL') fills++;
          expect(fills).toBeLessThanOrEqual(52);
        }
        expect(fills).toBe(52);
        expect(legalAction(state, rng, true)).toBeNull();
      }),
      { numRuns: 40 },
    );
  });
});

const anyBox = fc.oneof(fc.constantFrom(...BOX_TYPES), fc.constant('CHANCE' as BoxType));
const anyColumn = fc.oneof(fc.constantFrom(...COLUMN_TYPES), fc.constant('SIDEWAYS' as ColumnType));
const anyAction: fc.Arbitrary<GameMove> = fc.oneof(
  fc.record({
    type: fc.constant('ROLL' as const),
    diceToRoll: fc.array(fc.integer({ min: -1, max: 5 }), { maxLength: 6 }),
  }),
  fc.record({ type: fc.constant('ANNOUNCE' as const), boxType: anyBox }),
  fc.record({ type: fc.constant('FILL' as const), columnType: anyColumn, boxType: anyBox }),
  fc.constant({ type: 'UNDO' as const }),
  fc.constant({ type: 'RESTART' as const }),
);

function allowedNow(state: GameState, action: GameMove): boolean {
  switch (action.type) {
    case 'ROLL': {
      const dice = action.diceToRoll;
      const validDice =
        dice.length > 0 && new Set(dice).size === dice.length && dice.every((i) => i >= 0 && i <= 4);
      return canRoll(state) === null && (state.rollCount === 0 || validDice);
    }
    case 'ANNOUNCE':
      return canAnnounce(state, action.boxType);
    case 'FILL':
      return canFill(state, action.columnType, action.boxType);
    case 'UNDO':
      return canUndo(state);
    case 'RESTART':
      return canRestart(state);
  }
}

describe('any action', () => {
  it('is refused with a RuleError leaving the state untouched exactly when the rules say no', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        gameType,
        fc.integer({ min: 0, max: 300 }),
        anyAction,
        (seed, type, steps, action) => {
          const state = walk(seed, type, steps, true);
          const before = structuredClone(state);
          let error: unknown = null;
          try {
            applyMove(state, action, rngDice(mulberry32(seed)));
          } catch (e) {
            error = e;
          }
          expect(state).toEqual(before);
          expect(error === null).toBe(allowedNow(state, action));
          if (error !== null) {
            expect(error).toBeInstanceOf(RuleError);
            expect(RULE_ERROR_KEYS).toContain((error as RuleError).key);
          }
          if (error && action.type === 'ROLL' && canRoll(state)) {
            expect((error as RuleError).key).toBe(canRoll(state));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
