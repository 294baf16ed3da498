import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  type BoxType,
  type ColumnType,
  type DiceSource,
  filledCount,
  type GameMove,
  type GameState,
  type GameType,
  newGame,
  PRESET_NAMES,
  PRESETS,
  progress,
  RuleError,
  type RuleSet,
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
  LAWS,
  type Laws,
  mayFill,
  type ModelGame,
  modelTotal,
  newModel,
} from './rules-model';
import { MUTATIONS } from './rules-model-mutations';
import { mulberry32, seededDice } from '../../game/seeded';

// Random games of every preset and of random custom rule sets, played move by move side by side with an
// independent model of the rules written from SPEC.md and issue 27 (rules-model.ts). In every game
// reached, every move a player could send is tried: the game must accept exactly the moves the model
// allows, refuse the others with a RuleError whose key the model expects and leave the game untouched, and
// land where the model says after each move it accepts, with the score the model says in each box filled.
// Then each deliberately broken model (rules-model-mutations.ts) must turn the same walk red.

type Rng = () => number;

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** How a random player plays: how eagerly they announce, roll again, keep a face, take back and start over. */
interface Style {
  announce: number;
  reroll: number;
  keep: number;
  undo: number;
  restart: number;
}

/** A chance from 0 to `max`, spread evenly (fc.double spreads over the floats, most of them tiny). */
const chance = (max: number) => fc.integer({ min: 0, max: 100 }).map((percent) => (percent / 100) * max);
// Unbiased: fast-check's usual leaning to edge values (0, the same few seeds) would make many players never
// take back a move and replay the same games.
const style: fc.Arbitrary<Style> = fc.noBias(
  fc.record({
    announce: chance(1),
    reroll: chance(0.9),
    keep: chance(1),
    undo: chance(0.3),
    restart: chance(0.006),
  }),
);
const seeds = fc.noBias(fc.integer());

/** Issue 27's presets, and any other combination: five or six dice, 1-7 columns in any order, either straight. */
const presets = fc.constantFrom(...PRESET_NAMES.map((name) => PRESETS[name]));
const customRules: fc.Arbitrary<RuleSet> = fc.record({
  dice: fc.constantFrom(5 as const, 6 as const),
  columns: fc.shuffledSubarray([...COLUMNS], { minLength: 1 }),
  straight: fc.constantFrom('CLASSIC' as const, 'BY_ROLL' as const),
});
const ruleSets = fc.noBias(fc.oneof(presets, customRules));

/** The face most of the dice show (the highest of equals). */
function commonestFace(dice: readonly number[]): number {
  const count = (face: number) => dice.filter((d) => d === face).length;
  return [6, 5, 4, 3, 2, 1].reduce((best, face) => (count(face) > count(best) ? face : best));
}

/** A move the model allows now, chosen in `style`; null when it allows none. */
function nextMove(game: ModelGame, rng: Rng, how: Style): GameMove | null {
  const allowed = allowedMoves(game);
  if (allowed.undo && rng() < how.undo) return { type: 'UNDO' };
  if (allowed.restart && rng() < how.restart) return { type: 'RESTART' };
  const all = Array.from({ length: game.rules.dice }, (_, i) => i);
  const reroll = (): GameMove => {
    // Holding the commonest face, as players do, brings the rare boxes (six of a kind) within reach.
    const faces = game.dice;
    if (faces && rng() < how.keep) {
      const face = commonestFace(faces);
      const others = all.filter((i) => faces[i] !== face);
      if (others.length) return { type: 'ROLL', diceToRoll: others };
    }
    if (rng() < 0.05) return { type: 'ROLL', diceToRoll: null };
    const dice = all.filter(() => rng() < 0.5);
    return { type: 'ROLL', diceToRoll: dice.length ? dice : [pick(rng, all)] };
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
  ...[
    [0, 1, 2, 3, 4],
    [0, 1, 2, 3, 4, 5],
    [2],
    [4, 0],
    [1, 3, 2],
    [5],
    [5, 0],
    null,
    [],
    [6],
    [-1],
    [1, 1],
    [0, 1, 2, 3, 4, 4],
    [0, 1, 2, 3, 4, 5, 5],
    [0.5],
  ].map((diceToRoll): GameMove => ({ type: 'ROLL', diceToRoll })),
  { type: 'UNDO' },
  { type: 'RESTART' },
];

const show = (move: GameMove) => JSON.stringify(move);
const showGame = (state: GameState) =>
  `${JSON.stringify(state.rules)}, dice ${state.dice}, roll ${state.rollCount}, announced ${state.announcement}, ${filledCount(state.sheet)} boxes filled, ` +
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
  // Each box filled with the model's score; only the boxes that differ are named.
  const filled = filledOf(after.sheet);
  for (const box of new Set([...filled.keys(), ...expected.filled.keys()]))
    if (filled.get(box) !== expected.filled.get(box))
      found.push(`${box}: game ${filled.get(box) ?? 'empty'}, model ${expected.filled.get(box) ?? 'empty'}`);
  differ(
    'columns',
    after.sheet.columns.map((c) => c.type),
    expected.rules.columns,
  );
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
  return { state: next, model: after };
}

/** One random game to play: its seed, its type and rule set, and how its player plays. */
interface Walk {
  seed: number;
  type: GameType;
  rules: RuleSet;
  how: Style;
}

/**
 * Plays `walk` from a new game until it completes (or `limit` moves), calling `visit` on each game
 * reached; every move goes through `tryMove`, so the model (by `laws`) judges each one.
 */
function play(
  { seed, type, rules, how }: Walk,
  limit: number,
  visit: (state: GameState, model: ModelGame) => void,
  laws: Laws = LAWS,
) {
  const rng = mulberry32(seed);
  const dice = seededDice(rng);
  let state = deepFreeze(newGame(type, rules));
  let model = newModel(type, rules, laws);
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
const walks = (rules: fc.Arbitrary<RuleSet>): fc.Arbitrary<Walk> =>
  fc.record({ seed: seeds, type: gameType, rules, how: style });

/** Random games of `rules` judged by a model of `laws`, each game reached probed with every move. */
function probedWalk(rules: fc.Arbitrary<RuleSet>, laws: Laws, reached = () => {}) {
  return fc.property(walks(rules), (walk) => {
    const probeDice = seededDice(mulberry32(walk.seed ^ 0x5eed));
    play(
      walk,
      400,
      (state, model) => {
        reached();
        const before = JSON.stringify(state);
        // Most probes are refused, and a RuleError's stack trace cost more than all the rest of a probe
        // (half the walk's time): refusals are read by their key, and a failure says where it happened.
        const stackTraceLimit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        try {
          for (const move of PROBES) tryMove(state, model, move, probeDice);
        } finally {
          Error.stackTraceLimit = stackTraceLimit;
        }
        // The game is frozen, so a move that wrote into it would have thrown; and nothing changed.
        if (JSON.stringify(state) !== before) throw new Error(`a move changed the game it was given`);
      },
      laws,
    );
  });
}

describe('the rules against a model written from SPEC.md and issue 27', () => {
  it.each([...PRESET_NAMES, 'a custom rule set'])(
    'in every game of %s reached by play, accepts exactly the moves the model allows and refuses the rest untouched',
    (name) => {
      let games = 0;
      const rules = name in PRESETS ? fc.constant(PRESETS[name as keyof typeof PRESETS]) : customRules;
      // Custom rule sets are mostly short sheets (few columns), so more of them are played.
      fc.assert(
        probedWalk(rules, LAWS, () => games++),
        { numRuns: name in PRESETS ? 12 : 30 },
      );
      // Over a thousand games reached, each probed with every move.
      expect(games).toBeGreaterThan(1000);
    },
    30_000,
  );

  it('reaches the moments the rules single out: never stuck, the new columns, six dice, straights by roll, undo, restart, the end', () => {
    const seen = {
      forcedAnnouncement: 0,
      onlyHandLeft: 0,
      thirdRoll: 0,
      undo: 0,
      restart: 0,
      completed: 0,
      HAND: 0,
      MIDDLE: 0,
      EDGES: 0,
      sixOfAKind: 0,
      straightAfterRoll1: 0,
      straightAfterRoll2: 0,
      straightAfterRoll3: 0,
    };
    fc.assert(
      fc.property(walks(ruleSets), (walk) => {
        let last: ModelGame | null = null;
        play(walk, 400, (_, model) => {
          const roll = judge(model, { type: 'ROLL', diceToRoll: null });
          const refused = (why: string) => !roll.allowed && roll.reasons.includes(why);
          if (refused('announcement-required') && model.rolls === 1) seen.forcedAnnouncement++;
          if (refused('hand-fill-required') && model.rolls === 1) seen.onlyHandLeft++;
          if (model.rolls === 3) seen.thirdRoll++;
          if (last && last.filled.size === model.filled.size + 1 && model.rolls > 0) seen.undo++;
          if (last && last.filled.size > 1 && model.filled.size === 0 && model.rolls === 0) seen.restart++;
          if (model.completed) seen.completed++;
          const filled = last && model.latest && model.filled.size === last.filled.size + 1 && model.latest;
          if (filled && (filled.column === 'HAND' || filled.column === 'MIDDLE' || filled.column === 'EDGES'))
            seen[filled.column]++;
          // The rare dice are counted where a box could take them: each game reached is probed with every fill.
          const dice = model.dice ?? [];
          if (dice.length === 6 && new Set(dice).size === 1 && model.rolls > 0) seen.sixOfAKind++;
          const straight =
            [1, 2, 3, 4, 5].every((f) => dice.includes(f)) || [2, 3, 4, 5, 6].every((f) => dice.includes(f));
          if (
            straight &&
            model.rules.straight === 'BY_ROLL' &&
            COLUMNS.some((column) => mayFill(model, column, 'STRAIGHT'))
          )
            seen[`straightAfterRoll${model.rolls}` as 'straightAfterRoll1']++;
          last = model;
        });
      }),
      { numRuns: 120 },
    );
    // The walk is only as good as the games it reaches: each of these must come up.
    for (const [moment, count] of Object.entries(seen)) expect(count, moment).toBeGreaterThan(0);
  }, 30_000);
});

describe('a game played to its end', () => {
  it('completes with its last box, keeping its sums and progress right on the way', () => {
    fc.assert(
      fc.property(walks(ruleSets), (walk) => {
        const boxes = walk.rules.columns.length * BOXES.length;
        const { state } = play({ ...walk, how: { ...walk.how, restart: 0 } }, 2000, (state, model) => {
          expect(totalSum(state.sheet)).toBe(modelTotal(model));
          expect(progress(state.sheet)).toBe(Math.round((filledCount(state.sheet) / boxes) * 100));
        });
        expect(state.status).toBe('COMPLETED');
        expect(filledCount(state.sheet)).toBe(boxes);
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
      { numRuns: 40 },
    );
  }, 30_000);
});

describe('the walk against a deliberately broken model', () => {
  it.each(MUTATIONS.map((m) => [m.name, m] as const))(
    'fails when %s',
    (_, { laws, dice }) => {
      const rules = dice ? ruleSets.filter((r) => r.dice === dice) : ruleSets;
      // The first game that tells the broken model from the game is proof enough: no shrinking.
      const run = fc.check(probedWalk(rules, laws), { numRuns: 200, endOnFailure: true });
      expect(run.failed).toBe(true);
      expect(String(run.errorInstance)).toMatch(/model/);
    },
    60_000,
  );
});
