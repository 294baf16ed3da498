import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  BOX_TYPES,
  type BoxType,
  CLASSIC_RULES,
  type ColumnType,
  type DiceSource,
  filledCount,
  type GameMove,
  type GameState,
  type GameType,
  newGame,
  progress,
  RuleError,
  scoreBox,
  totalSum,
} from '../../game';
import {
  advance,
  allowedMoves,
  BOXES,
  COLUMNS,
  diceThrown,
  filledOf,
  judge,
  type ModelGame,
  newModel,
} from './rules-model';

// Random games played move by move, side by side with an independent model of the rules written from
// SPEC.md (rules-model.ts). In every game reached, every move a player could send is tried: the game
// must accept exactly the moves the model allows, refuse the others with a RuleError whose key the model
// expects and leave the game untouched, and land where the model says after each move it accepts.

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

/** How a random player plays: how eagerly they announce, roll again, take back and start over. */
interface Style {
  announce: number;
  reroll: number;
  undo: number;
  restart: number;
}

/** A chance from 0 to `max`, spread evenly (fc.double spreads over the floats, most of them tiny). */
const chance = (max: number) => fc.integer({ min: 0, max: 100 }).map((percent) => (percent / 100) * max);
// Unbiased: fast-check's usual leaning to edge values (0, the same few seeds) would make many players never
// take back a move and replay the same games.
const style: fc.Arbitrary<Style> = fc.noBias(
  fc.record({ announce: chance(1), reroll: chance(0.9), undo: chance(0.3), restart: chance(0.006) }),
);
const seeds = fc.noBias(fc.integer());

/** A move the model allows now, chosen in `style`; null when it allows none. */
function nextMove(game: ModelGame, rng: Rng, how: Style): GameMove | null {
  const allowed = allowedMoves(game);
  if (allowed.undo && rng() < how.undo) return { type: 'UNDO' };
  if (allowed.restart && rng() < how.restart) return { type: 'RESTART' };
  const reroll = (): GameMove => {
    const dice = [0, 1, 2, 3, 4].filter(() => rng() < 0.5);
    return { type: 'ROLL', diceToRoll: dice.length ? dice : [Math.floor(rng() * 5)] };
  };
  if (game.rolls === 0 && allowed.roll) return reroll();
  if (allowed.announce.length && (rng() < how.announce || !allowed.fill.length))
    return { type: 'ANNOUNCE', boxType: pick(rng, allowed.announce) };
  if (allowed.roll && (rng() < how.reroll || !allowed.fill.length)) return reroll();
  if (allowed.fill.length) {
    // A column first, then one of its boxes: otherwise FREE's many boxes would crowd out the others.
    const column = pick(rng, [...new Set(allowed.fill.map((f) => f.column))]);
    const { box } = pick(
      rng,
      allowed.fill.filter((f) => f.column === column),
    );
    return { type: 'FILL', columnType: column, boxType: box };
  }
  return null;
}

/** Every move a client could send, legal or not, tried in each game reached. */
const PROBES: GameMove[] = [
  ...COLUMNS.flatMap((column) =>
    BOXES.map((box): GameMove => ({ type: 'FILL', columnType: column, boxType: box })),
  ),
  { type: 'FILL', columnType: 'SIDEWAYS' as ColumnType, boxType: 'ONES' },
  { type: 'FILL', columnType: 'FREE', boxType: 'CHANCE' as BoxType },
  ...BOXES.map((box): GameMove => ({ type: 'ANNOUNCE', boxType: box })),
  { type: 'ANNOUNCE', boxType: 'CHANCE' as BoxType },
  ...[[0, 1, 2, 3, 4], [2], [4, 0], [1, 3, 2], [], [5], [-1], [1, 1], [0, 1, 2, 3, 4, 4], [0.5]].map(
    (diceToRoll): GameMove => ({ type: 'ROLL', diceToRoll }),
  ),
  { type: 'UNDO' },
  { type: 'RESTART' },
];

const show = (move: GameMove) => JSON.stringify(move);
const showGame = (state: GameState) =>
  `roll ${state.rollCount}, announced ${state.announcement}, ${filledCount(state.sheet)} boxes filled, ` +
  `last ${state.lastAction} ${state.latestColumnFilled}/${state.latestBoxFilled}, ${state.status} ${state.type}`;

/**
 * What differs between the game after a move and where the model says it should be (`expected`); for a
 * roll, `thrown` are the dice the model says it throws. Empty when nothing differs.
 */
function differences(
  expected: ModelGame,
  thrown: number[] | null,
  before: GameState,
  after: GameState,
): string[] {
  const found: string[] = [];
  const differ = (what: string, game: unknown, model: unknown) => {
    if (JSON.stringify(game) !== JSON.stringify(model))
      found.push(`${what}: game ${JSON.stringify(game)}, model ${JSON.stringify(model)}`);
  };
  differ('filled boxes', [...filledOf(after.sheet)].sort(), [...expected.filled].sort());
  differ('rolls this turn', after.rollCount, expected.rolls);
  differ('announcement', after.announcement, expected.announced);
  differ('completed', after.status === 'COMPLETED', expected.completed);
  differ('type', after.type, expected.type);
  const latest = after.latestColumnFilled && { column: after.latestColumnFilled, box: after.latestBoxFilled };
  differ('last filled box', latest, expected.latest);
  if (expected.dice) differ('dice', after.dice, expected.dice);
  if (thrown) {
    differ('dice thrown', after.latestDiceRolled, thrown);
    before.dice.forEach((face, i) => {
      if (!thrown.includes(i)) differ(`held die ${i}`, after.dice[i], face);
    });
    if (!after.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6))
      found.push(`impossible dice ${after.dice}`);
  }
  return found;
}

/** Tries `move` on the game and asks the model; returns the game and the model after it, or null when refused. */
function tryMove(state: GameState, model: ModelGame, move: GameMove, dice: DiceSource) {
  const verdict = judge(model, move);
  let next: GameState | null = null;
  let refusal: unknown = null;
  try {
    next = applyMove(state, move, dice);
  } catch (error) {
    refusal = error;
  }
  const where = () => `${show(move)} at ${showGame(state)}`;
  if (!verdict.allowed) {
    if (next) throw new Error(`the game accepted ${where()}; the model refuses it (${verdict.reasons})`);
    if (!(refusal instanceof RuleError))
      throw new Error(`${where()} threw ${String(refusal)}, not a RuleError`);
    if (!verdict.reasons.includes(refusal.key))
      throw new Error(
        `${where()} was refused as ${refusal.key}; the model expects one of ${verdict.reasons}`,
      );
    return null;
  }
  if (!next) throw new Error(`the game refused ${where()} (${String(refusal)}); the model allows it`);
  const after = advance(model, move, next.dice);
  const thrown = move.type === 'ROLL' ? diceThrown(model, move) : null;
  const diff = differences(after, thrown, state, next);
  if (diff.length) throw new Error(`after ${where()}: ${diff.join('; ')}`);
  if (move.type === 'FILL') {
    const written = next.sheet.columns
      .find((c) => c.type === move.columnType)
      ?.boxes.find((b) => b.type === move.boxType);
    if (written?.value !== scoreBox(move.boxType, state.dice))
      throw new Error(`after ${where()}: the box holds ${written?.value}, not its score`);
  }
  return { state: next, model: after };
}

/**
 * Plays one random game in `how` from a new game of `type` until it completes (or `limit` moves), calling
 * `visit` on each game reached; every move goes through `tryMove`, so the model judges each one.
 */
function play(
  seed: number,
  type: GameType,
  how: Style,
  limit: number,
  visit: (state: GameState, model: ModelGame) => void,
) {
  const rng = mulberry32(seed);
  const dice = rngDice(rng);
  let state = deepFreeze(newGame(type));
  let model = newModel(type);
  for (let moves = 0; moves < limit; moves++) {
    visit(state, model);
    if (model.completed) return { state, model };
    const move = nextMove(model, rng, how);
    if (!move) throw new Error(`no move is allowed at ${showGame(state)}, yet the game is in progress`);
    const next = tryMove(state, model, move, dice);
    if (!next) throw new Error(`the model chose ${show(move)} at ${showGame(state)} and then refused it`);
    state = deepFreeze(next.state);
    model = next.model;
  }
  return { state, model };
}

const gameType = fc.constantFrom<GameType>('SOLO', 'CLASH');

describe('the rules against a model written from SPEC.md', () => {
  it('in every game reached by play, accepts exactly the moves the model allows and refuses the rest untouched', () => {
    let games = 0;
    fc.assert(
      fc.property(seeds, gameType, style, (seed, type, how) => {
        const probeDice = rngDice(mulberry32(seed ^ 0x5eed));
        play(seed, type, how, 400, (state, model) => {
          games++;
          const before = JSON.stringify(state);
          for (const move of PROBES) tryMove(state, model, move, probeDice);
          // The game is frozen, so a move that wrote into it would have thrown; and nothing changed.
          if (JSON.stringify(state) !== before) throw new Error(`a move changed the game it was given`);
        });
      }),
      { numRuns: 40 },
    );
    // Thousands of games reached, each probed with every move.
    expect(games).toBeGreaterThan(4000);
  }, 30_000);

  it('reaches the moments the rules single out: forced announcements, undo, restart, the end', () => {
    const seen = { forcedAnnouncement: 0, undo: 0, restart: 0, completed: 0, thirdRoll: 0 };
    fc.assert(
      fc.property(seeds, gameType, style, (seed, type, how) => {
        let last: ModelGame | null = null;
        play(seed, type, how, 400, (_, model) => {
          const onlyAnnouncement = COLUMNS.every(
            (c) => c === 'ANNOUNCEMENT' || BOXES.every((b) => model.filled.has(`${c}/${b}`)),
          );
          if (onlyAnnouncement && model.rolls === 1 && !model.announced) seen.forcedAnnouncement++;
          if (model.rolls === 3) seen.thirdRoll++;
          if (last && last.filled.size === model.filled.size + 1 && model.rolls > 0) seen.undo++;
          if (last && last.filled.size > 1 && model.filled.size === 0 && model.rolls === 0) seen.restart++;
          if (model.completed) seen.completed++;
          last = model;
        });
      }),
      { numRuns: 60 },
    );
    // The walk is only as good as the games it reaches: each of these must come up.
    for (const [moment, count] of Object.entries(seen)) expect(count, moment).toBeGreaterThan(0);
  });
});

function value(state: GameState, column: ColumnType, box: BoxType): number | null {
  return state.sheet.columns[CLASSIC_RULES.columns.indexOf(column)].boxes[BOX_TYPES.indexOf(box)].value;
}

/** SPEC section 9's sums, recomputed from the sheet. */
function recomputedTotal(state: GameState): number {
  let total = 0;
  for (const column of CLASSIC_RULES.columns) {
    const v = (box: BoxType) => value(state, column, box) ?? 0;
    const top = BOX_TYPES.slice(0, 6).reduce((a, box) => a + v(box), 0);
    const filled = (box: BoxType) => value(state, column, box) !== null;
    const middle = filled('ONES') && filled('MAX') && filled('MIN') ? v('ONES') * (v('MAX') - v('MIN')) : 0;
    total += top + (top >= 60 ? 30 : 0) + Math.max(0, middle);
    total += BOX_TYPES.slice(8).reduce((a, box) => a + v(box), 0);
  }
  return total;
}

describe('a game played to its end', () => {
  it('completes with its 52nd box, keeping its sums and progress right on the way', () => {
    fc.assert(
      fc.property(seeds, gameType, style, (seed, type, how) => {
        const { state } = play(seed, type, { ...how, restart: 0 }, 1000, (state) => {
          expect(totalSum(state.sheet)).toBe(recomputedTotal(state));
          expect(progress(state.sheet)).toBe(Math.round((filledCount(state.sheet) / 52) * 100));
        });
        expect(state.status).toBe('COMPLETED');
        expect(filledCount(state.sheet)).toBe(52);
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
      { numRuns: 40 },
    );
  });
});
