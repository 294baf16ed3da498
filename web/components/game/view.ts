// What the play screen shows, computed from the server's game resource with the rules of game/.
// Pure (no React, no i18n), so the unit tests can run it in node.
import { type BoxType, type GameAction, type GameState, MAX_ROLLS } from '../../../game/types';
import { type ColumnSums, columnSums, totalSum } from '../../../game/sums';
import type { ColumnType } from '../../../game/rules';
import { canAnnounce, canFill, canRoll } from '../../../game/availability';
import { previewScore } from '../../../game/preview';
import type { GameResource } from '../../../contract/games';

export type CellAction = 'fill' | 'announce' | null;

export interface CellView {
  column: ColumnType;
  box: BoxType;
  value: number | null;
  /** What a click does now; null when the box is not clickable. */
  action: CellAction;
  /** The score a fill would write now (only for `action === 'fill'`). */
  preview: number | null;
  /** The box announced for this turn. */
  announced: boolean;
  /** The box the last fill wrote. */
  latest: boolean;
}

export interface SheetView {
  /** The rule set's columns, in the sheet's order. */
  columns: ColumnType[];
  /** cells[column index][box index], in the order of `columns` × BOX_TYPES. */
  cells: CellView[][];
  sums: ColumnSums[];
  total: number;
  /** How many cells are clickable now. */
  open: number;
}

/**
 * The sheet as the viewer sees it. `may` says which moves the server allows this viewer now (its
 * links); `interactive` is false while the dice still tumble or a move is on its way.
 */
export function sheetView(
  state: GameState,
  may: { fill: boolean; announce: boolean },
  interactive = true,
): SheetView {
  let open = 0;
  const cells = state.sheet.columns.map((column) =>
    column.boxes.map((box): CellView => {
      let action: CellAction = null;
      if (interactive && may.fill && canFill(state, column.type, box.type)) action = 'fill';
      else if (interactive && may.announce && column.type === 'ANNOUNCEMENT' && canAnnounce(state, box.type))
        action = 'announce';
      if (action) open++;
      return {
        column: column.type,
        box: box.type,
        value: box.value,
        action,
        preview: action === 'fill' ? previewScore(state, column.type, box.type) : null,
        announced: column.type === 'ANNOUNCEMENT' && state.announcement === box.type,
        latest:
          box.value !== null &&
          state.latestColumnFilled === column.type &&
          state.latestBoxFilled === box.type,
      };
    }),
  );
  return {
    columns: state.sheet.columns.map((c) => c.type),
    cells,
    sums: state.sheet.columns.map(columnSums),
    total: totalSum(state.sheet),
    open,
  };
}

/** The dice a roll throws: all of them on a turn's first roll, else every die not held. */
export function diceToRoll(rollCount: number, held: ReadonlySet<number>, diceCount: number): number[] {
  const all = Array.from({ length: diceCount }, (_, i) => i);
  return rollCount === 0 ? all : all.filter((i) => !held.has(i));
}

/** What the line beside the roll button says; the keys are those of `game.hint.*` (`done` shows the total). */
export type RollHint =
  'firstRoll' | 'choose' | 'lastRoll' | 'announce' | 'handFill' | 'announced' | 'allHeld' | 'done';

export interface RollView {
  enabled: boolean;
  hint: RollHint;
  /** Dice can be held (between the first and the last roll). */
  canHold: boolean;
}

export function rollView(state: GameState, mayRoll: boolean, held: ReadonlySet<number>): RollView {
  if (state.status !== 'IN_PROGRESS') return { enabled: false, hint: 'done', canHold: false };
  const refused = canRoll(state);
  if (refused === 'announcement-required') return { enabled: false, hint: 'announce', canHold: false };
  // Only HAND is left (issue 27, never stuck): the turn's one roll is made, a HAND box must take it.
  if (refused === 'hand-fill-required') return { enabled: false, hint: 'handFill', canHold: false };
  if (refused !== null) return { enabled: false, hint: 'lastRoll', canHold: false };
  const canHold = state.rollCount > 0 && state.rollCount < MAX_ROLLS;
  if (canHold && diceToRoll(state.rollCount, held, state.rules.dice).length === 0)
    return { enabled: false, hint: 'allHeld', canHold };
  const hint: RollHint =
    state.rollCount === 0 ? 'firstRoll' : state.announcement !== null ? 'announced' : 'choose';
  return { enabled: mayRoll, hint, canHold };
}

/** Only the dice a roll threw tumble; indices out of range or repeated are ignored. */
export function rolledDice(latestDiceRolled: readonly number[], diceCount: number): number[] {
  return [...new Set(latestDiceRolled)].filter((i) => Number.isInteger(i) && i >= 0 && i < diceCount);
}

/** What tells one throw of the dice from the next: compared between two states of a game on screen. */
export interface RollMark {
  id: number;
  rollCount: number;
  lastAction: GameAction | null;
  /** Boxes filled: a fill between two rolls shows here even when its own message was missed. */
  filled: number;
  /** The dice values, in index order. */
  dice: string;
  /** Epoch ms; NaN when unreadable. */
  updatedAt: number;
}

export function rollMark(game: GameResource): RollMark {
  return {
    id: game.id,
    rollCount: game.rollCount,
    lastAction: game.lastAction,
    filled: game.sheet.columns.reduce((n, c) => n + c.boxes.filter((b) => b.value !== null).length, 0),
    dice: Array.from(
      { length: game.dices.length },
      (_, i) => game.dices.find((d) => d.index === i)?.value ?? 0,
    ).join(''),
    updatedAt: Date.parse(game.updatedAt),
  };
}

/**
 * Whether `next` brings a new throw of the dice after `prev`, the state the screen showed before.
 * Only a real roll tumbles: an announcement changes the game (and its updatedAt) while the last action
 * stays ROLL, an undo brings back the previous roll, and the same state arriving twice (the answer and
 * the live message) is no throw either. A throw shows as one more roll this turn, or as a new turn's
 * roll (a box filled since), or as other dice under a roll.
 */
export function isNewRoll(prev: RollMark | null, next: RollMark): boolean {
  if (next.lastAction !== 'ROLL' || next.rollCount === 0) return false;
  // Another game, or the first state seen: nothing was seen rolling.
  if (!prev || prev.id !== next.id) return false;
  if (!(next.updatedAt > prev.updatedAt)) return false;
  // An undo takes a box back and restores the roll before the fill.
  if (next.filled < prev.filled) return false;
  return next.rollCount > prev.rollCount || next.filled > prev.filled || next.dice !== prev.dice;
}

/** A tumble length in [min, max] ms from a random number in [0, 1) (SPEC section 9: 800-1800 ms). */
export function tumbleMs(random: number, min = 800, max = 1800): number {
  return Math.round(min + Math.min(Math.max(random, 0), 1) * (max - min));
}
