// A second, independent statement of Yamb's rules, written from SPEC.md (section 3, "Sheet"; section 4,
// "Game"; section 9, "Scoring") and issue 27's rule sets (dice 5 or 6, the seven columns, the straight
// CLASSIC or BY_ROLL, never stuck), not from game/: it imports nothing of the rules but their types, keeps a
// state of its own and says for any move whether the rules allow it now and, if not, which refusals fit,
// and what each filled box scores. The property test (game-properties.test.ts) plays both side by side and
// fails wherever they disagree.
//
// The rules are `Laws`, a table a mutation (rules-model-mutations.ts) can break one entry of, to show the
// property test turns red. Where the SPEC or the issue is open, the reading taken is said beside the rule.
import type { GameMove, GameType, RuleSet } from '../../game';
import { BOXES, columnTotal, type ModelBox, SCORE_LAWS, type ScoreLaws, scoreOf } from './rules-model-score';

export { BOXES, type ModelBox } from './rules-model-score';

/** SPEC section 3's four columns and issue 27's three: HAND ("ručna"), MIDDLE ("od sredine"), EDGES ("od krajeva"). */
export const COLUMNS = ['DOWNWARDS', 'UPWARDS', 'FREE', 'ANNOUNCEMENT', 'HAND', 'MIDDLE', 'EDGES'] as const;
/** SPEC section 9: three rolls a turn. */
const ROLLS_PER_TURN = 3;

export type ModelColumn = (typeof COLUMNS)[number];
type Directed = 'DOWNWARDS' | 'UPWARDS' | 'MIDDLE' | 'EDGES';

/** The rules the model plays by; LAWS are SPEC's and the issue's, a mutation breaks one of them. */
export interface Laws extends ScoreLaws {
  /**
   * A directed column's chains: it takes the next empty box of any one of them. SPEC: DOWNWARDS from ONES
   * down, UPWARDS from YAMB up. Issue 27: MIDDLE from the middle outwards, EDGES from the edges inwards.
   */
  chains: Record<Directed, readonly (readonly ModelBox[])[]>;
  /** HAND: the rolls made this turn with which its boxes may be filled (exactly one). */
  handRolls: readonly number[];
  /** The columns an announced turn may still fill: only the announced box (issue 27: "not a HAND box"). */
  openWhenAnnounced: readonly ModelColumn[];
  /** Never stuck: a roll is refused when after it no box could be filled this turn. */
  neverStuck: boolean;
}

export const LAWS: Laws = {
  ...SCORE_LAWS,
  chains: {
    DOWNWARDS: [BOXES],
    UPWARDS: [
      [
        'YAMB',
        'CARRIAGE',
        'BOAT',
        'STRAIGHT',
        'TRIPS',
        'MIN',
        'MAX',
        'SIXES',
        'FIVES',
        'FOURS',
        'THREES',
        'TWOS',
        'ONES',
      ],
    ],
    MIDDLE: [
      ['MAX', 'SIXES', 'FIVES', 'FOURS', 'THREES', 'TWOS', 'ONES'],
      ['MIN', 'TRIPS', 'STRAIGHT', 'BOAT', 'CARRIAGE', 'YAMB'],
    ],
    EDGES: [
      ['ONES', 'TWOS', 'THREES', 'FOURS', 'FIVES', 'SIXES', 'MAX'],
      ['YAMB', 'CARRIAGE', 'BOAT', 'STRAIGHT', 'TRIPS', 'MIN'],
    ],
  },
  handRolls: [1],
  openWhenAnnounced: [],
  neverStuck: true,
};

/** A game as the model keeps it. */
export interface ModelGame {
  laws: Laws;
  type: GameType;
  rules: RuleSet;
  completed: boolean;
  /** Filled boxes, `COLUMN/BOX` → the score written. */
  filled: ReadonlyMap<string, number>;
  /** Rolls made this turn, 0..3. */
  rolls: number;
  /** The faces showing; null until the game's first roll (the SPEC says nothing of dice before it). */
  dice: readonly number[] | null;
  announced: ModelBox | null;
  latest: { column: ModelColumn; box: ModelBox } | null;
  /** The game just before the last fill, while that fill may still be taken back; else null. */
  beforeLastFill: ModelGame | null;
}

export const key = (column: string, box: string) => `${column}/${box}`;
const isColumn = (x: unknown): x is ModelColumn => (COLUMNS as readonly unknown[]).includes(x);
const isBox = (x: unknown): x is ModelBox => (BOXES as readonly unknown[]).includes(x);

export function newModel(type: GameType, rules: RuleSet, laws: Laws = LAWS): ModelGame {
  return {
    laws,
    type,
    rules,
    completed: false,
    filled: new Map(),
    rolls: 0,
    dice: null,
    announced: null,
    latest: null,
    beforeLastFill: null,
  };
}

const plays = (game: ModelGame, column: ModelColumn) => game.rules.columns.includes(column);
const isFilled = (game: ModelGame, column: ModelColumn, box: ModelBox) => game.filled.has(key(column, box));
const hasEmpty = (game: ModelGame, column: ModelColumn) =>
  plays(game, column) && BOXES.some((box) => !isFilled(game, column, box));

/** Whether `column` takes `box` now by its own rule, the box being empty and the turn rolled. */
function columnTakes(game: ModelGame, column: ModelColumn, box: ModelBox): boolean {
  switch (column) {
    case 'FREE':
      return true;
    case 'ANNOUNCEMENT':
      return false;
    case 'HAND':
      return game.laws.handRolls.includes(game.rolls);
    default:
      return game.laws.chains[column].some((chain) => chain.find((b) => !isFilled(game, column, b)) === box);
  }
}

/**
 * SPEC section 4, box availability, and issue 27's columns: never before the turn's first roll, nor into a
 * filled box or a column the rule set does not play. Once a box is announced, it is the only box the turn
 * may fill (the announcement binds the turn, HAND included).
 */
export function mayFill(game: ModelGame, column: unknown, box: unknown): boolean {
  if (game.completed || game.rolls === 0 || !isColumn(column) || !isBox(box)) return false;
  if (!plays(game, column) || isFilled(game, column, box)) return false;
  if (game.announced !== null)
    return (
      (column === 'ANNOUNCEMENT' && box === game.announced) ||
      (game.laws.openWhenAnnounced.includes(column) && columnTakes(game, column, box))
    );
  return columnTakes(game, column, box);
}

/**
 * SPEC section 4: with exactly one roll done and nothing announced yet, any empty box of the
 * ANNOUNCEMENT column may be announced, when the rule set plays that column. (Of the SPEC's two readings
 * of its announcement sentence, both allow announcing at roll 1 only.)
 */
export function mayAnnounce(game: ModelGame, box: unknown): boolean {
  return (
    !game.completed &&
    game.rolls === 1 &&
    game.announced === null &&
    isBox(box) &&
    plays(game, 'ANNOUNCEMENT') &&
    !isFilled(game, 'ANNOUNCEMENT', box)
  );
}

/** Whether the turn can still end in a fill from `game`: a box now, one announced now, or after a roll. */
function turnCanFill(game: ModelGame): boolean {
  if (COLUMNS.some((column) => BOXES.some((box) => mayFill(game, column, box)))) return true;
  if (BOXES.some((box) => mayAnnounce(game, box))) return true;
  return game.rolls < ROLLS_PER_TURN && turnCanFill({ ...game, rolls: game.rolls + 1 });
}

/**
 * Issue 27, never stuck: a roll is refused when after it no box could be filled this turn. The issue names
 * no error key; the reading taken: SPEC's forced announcement (`announcement-required`) while the
 * ANNOUNCEMENT column has a box to announce, else `hand-fill-required` (only HAND boxes are left).
 */
function whyStuck(game: ModelGame): string | null {
  if (!game.laws.neverStuck || game.completed || game.rolls >= ROLLS_PER_TURN) return null;
  if (turnCanFill({ ...game, rolls: game.rolls + 1 })) return null;
  return hasEmpty(game, 'ANNOUNCEMENT') ? 'announcement-required' : 'hand-fill-required';
}

// A model game is never changed, so whether it is stuck is worked out once: a walk asks it of each game
// reached once per roll it probes.
const stuck = new WeakMap<ModelGame, string | null>();
function stuckAfterRoll(game: ModelGame): string | null {
  if (!stuck.has(game)) stuck.set(game, whyStuck(game));
  return stuck.get(game) ?? null;
}

/** The indices of the game's dice: five or six. */
const diceOf = (game: ModelGame) => Array.from({ length: game.rules.dice }, (_, i) => i);

/**
 * A re-roll names the dice to throw again: at least one, each of the game's dice (0..4, or 0..5 with six)
 * once; null throws them all (issue 27: "may re-roll all six"). (The SPEC shows the payload, `{diceToRoll}`,
 * not its limits; this is the API's reading.) The turn's first roll throws every die whatever was asked:
 * nothing can be held before it.
 */
function validReroll(game: ModelGame, dice: unknown): boolean {
  if (dice === null) return true;
  return (
    Array.isArray(dice) &&
    dice.length >= 1 &&
    dice.every((i) => diceOf(game).includes(i)) &&
    new Set(dice).size === dice.length
  );
}

/** SPEC section 4: undo takes back the last fill, in a solo game in progress, before anything else happens. */
const mayUndo = (game: ModelGame) => game.type === 'SOLO' && !game.completed && game.beforeLastFill !== null;
/** SPEC section 4: restart only while in progress and not in a clash. */
const mayRestart = (game: ModelGame) => game.type === 'SOLO' && !game.completed;

/** What the model says of `move` now: allowed, or refused with the keys any of whose rules it breaks. */
export type Verdict = { allowed: true } | { allowed: false; reasons: string[] };

export function judge(game: ModelGame, move: GameMove): Verdict {
  const reasons: string[] = [];
  const because = (broken: boolean, reason: string) => broken && reasons.push(reason);
  if (game.completed) reasons.push('game-completed');
  switch (move.type) {
    case 'ROLL': {
      // SPEC section 4: 0 to 3 rolls a turn; issue 27: never stuck (SPEC's "rolling is disabled if every
      // non-announcement column is full" is its case for the classic columns).
      because(game.rolls >= ROLLS_PER_TURN, 'roll-limit-reached');
      const stuck = stuckAfterRoll(game);
      if (stuck) reasons.push(stuck);
      because(game.rolls >= 1 && !validReroll(game, move.diceToRoll), 'dice-invalid');
      break;
    }
    case 'ANNOUNCE':
      because(!mayAnnounce(game, move.boxType), 'announcement-not-allowed');
      break;
    case 'FILL':
      because(game.rolls === 0, 'roll-required');
      because(!mayFill(game, move.columnType, move.boxType), 'box-not-available');
      break;
    case 'UNDO':
      because(!mayUndo(game), 'undo-not-available');
      break;
    case 'RESTART':
      because(!mayRestart(game), 'restart-not-allowed');
      break;
  }
  return reasons.length ? { allowed: false, reasons } : { allowed: true };
}

/** The score a fill of `box` writes now: the game's dice, its straight rule and the rolls made this turn. */
export function scoreNow(game: ModelGame, box: ModelBox): number {
  return scoreOf(box, game.dice ?? [], game.rules.straight, game.rolls, game.laws);
}

/**
 * The game after an allowed `move`. A roll's new faces come from the game under test (`thrown`): the
 * model checks which dice moved, not what they show.
 */
export function advance(game: ModelGame, move: GameMove, thrown: readonly number[]): ModelGame {
  switch (move.type) {
    case 'ROLL':
      return { ...game, rolls: game.rolls + 1, dice: [...thrown], beforeLastFill: null };
    case 'ANNOUNCE':
      return { ...game, announced: move.boxType as ModelBox, beforeLastFill: null };
    case 'FILL': {
      const box = move.boxType as ModelBox;
      const filled = new Map(game.filled).set(key(move.columnType, box), scoreNow(game, box));
      const completed = filled.size === game.rules.columns.length * BOXES.length;
      return {
        ...game,
        completed,
        filled,
        rolls: 0,
        announced: null,
        latest: { column: move.columnType as ModelColumn, box },
        beforeLastFill: completed ? null : game,
      };
    }
    case 'UNDO':
      // The turn goes back to exactly where it was before the fill; only one fill can be taken back.
      return { ...(game.beforeLastFill as ModelGame), beforeLastFill: null };
    case 'RESTART':
      return newModel(game.type, game.rules, game.laws);
  }
}

/** Which dice a roll must throw: all of them on a turn's first roll or for null, else exactly those asked for. */
export function diceThrown(game: ModelGame, move: Extract<GameMove, { type: 'ROLL' }>): number[] {
  return game.rolls === 0 || move.diceToRoll === null
    ? diceOf(game)
    : [...move.diceToRoll].sort((a, b) => a - b);
}

/** Every move the model allows now (a roll as `diceToRoll` choices), for a walk through reachable games. */
export function allowedMoves(game: ModelGame): {
  roll: boolean;
  announce: ModelBox[];
  fill: { column: ModelColumn; box: ModelBox }[];
  undo: boolean;
  restart: boolean;
} {
  const roll = judge(game, { type: 'ROLL', diceToRoll: [0] }).allowed;
  return {
    roll,
    announce: BOXES.filter((box) => mayAnnounce(game, box)),
    fill: COLUMNS.flatMap((column) =>
      BOXES.filter((box) => mayFill(game, column, box)).map((box) => ({ column, box })),
    ),
    undo: mayUndo(game),
    restart: mayRestart(game),
  };
}

/** The sheet's total: each played column's sums (SPEC section 9) added up. */
export function modelTotal(game: ModelGame): number {
  return game.rules.columns.reduce((total, column) => {
    const values = new Map(
      BOXES.filter((box) => isFilled(game, column, box)).map((box) => [
        box,
        game.filled.get(key(column, box)) ?? 0,
      ]),
    );
    return total + columnTotal(values);
  }, 0);
}

/** Every filled box, `COLUMN/BOX` → value, of a sheet shaped like the game's. */
export function filledOf(sheet: {
  columns: { type: string; boxes: { type: string; value: number | null }[] }[];
}): Map<string, number> {
  const filled = new Map<string, number>();
  for (const column of sheet.columns)
    for (const box of column.boxes) if (box.value !== null) filled.set(key(column.type, box.type), box.value);
  return filled;
}
