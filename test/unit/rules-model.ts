// A second, independent statement of Yamb's rules, written from SPEC.md (section 3, "Sheet"; section 4,
// "Game") and not from game/: it imports nothing of the rules but their types, keeps a state of its own
// and says for any move whether the rules allow it now and, if not, which refusals fit. The property
// test (game-properties.test.ts) plays both side by side and fails wherever they disagree.
//
// Where the SPEC is open, the reading taken is said beside the rule.
import type { GameMove, GameType } from '../../game';

/** SPEC section 3: the four columns and, in order from the top, the thirteen boxes of each. */
export const COLUMNS = ['DOWNWARDS', 'UPWARDS', 'FREE', 'ANNOUNCEMENT'] as const;
export const BOXES = [
  'ONES',
  'TWOS',
  'THREES',
  'FOURS',
  'FIVES',
  'SIXES',
  'MAX',
  'MIN',
  'TRIPS',
  'STRAIGHT',
  'BOAT',
  'CARRIAGE',
  'YAMB',
] as const;
/** SPEC section 9: five dice, three rolls a turn. */
const DICE = 5;
const ROLLS_PER_TURN = 3;

export type ModelColumn = (typeof COLUMNS)[number];
export type ModelBox = (typeof BOXES)[number];

/** A game as the model keeps it. */
export interface ModelGame {
  type: GameType;
  completed: boolean;
  /** Filled boxes, as `COLUMN/BOX`. */
  filled: ReadonlySet<string>;
  /** Rolls made this turn, 0..3. */
  rolls: number;
  /** The faces showing; null until the game's first roll (the SPEC says nothing of dice before it). */
  dice: readonly number[] | null;
  announced: ModelBox | null;
  latest: { column: ModelColumn; box: ModelBox } | null;
  /** The game just before the last fill, while that fill may still be taken back; else null. */
  beforeLastFill: ModelGame | null;
}

const key = (column: string, box: string) => `${column}/${box}`;
const isColumn = (x: unknown): x is ModelColumn => (COLUMNS as readonly unknown[]).includes(x);
const isBox = (x: unknown): x is ModelBox => (BOXES as readonly unknown[]).includes(x);

export function newModel(type: GameType): ModelGame {
  return {
    type,
    completed: false,
    filled: new Set(),
    rolls: 0,
    dice: null,
    announced: null,
    latest: null,
    beforeLastFill: null,
  };
}

const isFilled = (game: ModelGame, column: ModelColumn, box: ModelBox) => game.filled.has(key(column, box));
const columnFull = (game: ModelGame, column: ModelColumn) =>
  BOXES.every((box) => isFilled(game, column, box));

/**
 * SPEC section 4, box availability: never before the turn's first roll nor into a filled box; DOWNWARDS
 * takes the box after the previously filled one (ONES first), UPWARDS starts from YAMB and goes up, FREE
 * takes any box, ANNOUNCEMENT only the announced box. Once a box is announced, it is the only box the
 * turn may fill (the announcement binds the turn).
 */
export function mayFill(game: ModelGame, column: unknown, box: unknown): boolean {
  if (game.completed || game.rolls === 0 || !isColumn(column) || !isBox(box)) return false;
  if (isFilled(game, column, box)) return false;
  if (game.announced !== null) return column === 'ANNOUNCEMENT' && box === game.announced;
  switch (column) {
    case 'DOWNWARDS':
      return BOXES.find((b) => !isFilled(game, column, b)) === box;
    case 'UPWARDS':
      return [...BOXES].reverse().find((b) => !isFilled(game, column, b)) === box;
    case 'FREE':
      return true;
    case 'ANNOUNCEMENT':
      return false;
  }
}

/**
 * SPEC section 4: with exactly one roll done and nothing announced yet, any empty box of the
 * ANNOUNCEMENT column may be announced. (Of the SPEC's two readings of its announcement sentence, both
 * allow announcing at roll 1 only.)
 */
export function mayAnnounce(game: ModelGame, box: unknown): boolean {
  return (
    !game.completed &&
    game.rolls === 1 &&
    game.announced === null &&
    isBox(box) &&
    !isFilled(game, 'ANNOUNCEMENT', box)
  );
}

/** Every non-announcement column is full: a turn can only end in the announcement column. */
const onlyAnnouncementLeft = (game: ModelGame) =>
  COLUMNS.every((column) => column === 'ANNOUNCEMENT' || columnFull(game, column));

/**
 * A re-roll names the dice to throw again: at least one, each of 0..4 once. (The SPEC shows the payload,
 * `{diceToRoll}`, not its limits; this is the API's reading.) The turn's first roll throws all five
 * whatever was asked: nothing can be held before it.
 */
function validReroll(dice: unknown): boolean {
  return (
    Array.isArray(dice) &&
    dice.length >= 1 &&
    dice.length <= DICE &&
    dice.every((i) => Number.isInteger(i) && i >= 0 && i < DICE) &&
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
    case 'ROLL':
      // SPEC section 4: 0 to 3 rolls a turn; "on the first roll with no announcement, rolling is
      // disabled if every non-announcement column is full" (the next roll would leave no box to fill).
      because(game.rolls >= ROLLS_PER_TURN, 'roll-limit-reached');
      because(
        game.rolls >= 1 && game.announced === null && onlyAnnouncementLeft(game),
        'announcement-required',
      );
      because(game.rolls >= 1 && !validReroll(move.diceToRoll), 'dice-invalid');
      break;
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
      const filled = new Set(game.filled).add(key(move.columnType, move.boxType));
      const completed = filled.size === COLUMNS.length * BOXES.length;
      return {
        ...game,
        completed,
        filled,
        rolls: 0,
        announced: null,
        latest: { column: move.columnType as ModelColumn, box: move.boxType as ModelBox },
        beforeLastFill: completed ? null : game,
      };
    }
    case 'UNDO':
      // The turn goes back to exactly where it was before the fill; only one fill can be taken back.
      return { ...(game.beforeLastFill as ModelGame), beforeLastFill: null };
    case 'RESTART':
      return newModel(game.type);
  }
}

/** Which dice a roll must throw: all five on a turn's first roll, else exactly those asked for. */
export function diceThrown(game: ModelGame, move: Extract<GameMove, { type: 'ROLL' }>): number[] {
  return game.rolls === 0 || move.diceToRoll === null
    ? [0, 1, 2, 3, 4]
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

/** Every filled box, as `COLUMN/BOX`, of a sheet shaped like the game's. */
export function filledOf(sheet: {
  columns: { type: string; boxes: { type: string; value: number | null }[] }[];
}) {
  return new Set(
    sheet.columns.flatMap((column) =>
      column.boxes.filter((b) => b.value !== null).map((b) => key(column.type, b.type)),
    ),
  );
}
