import { announce, fill, newGame, roll, undo } from './actions';
import { timedOut } from './clash';
import { type RuleSet, COLUMN_TYPES } from './rules';
import type { GameMove } from './moves';
import { BOX_TYPES, type BoxType, type ColumnType, type GameState, type GameType, type Sheet } from './types';

// A game's moves as its room records them (issue 30), and the game replayed from them.
//
// A room writes one line per turn: the turn's moves in a compact string (`encodeTurn`), so that a move
// rewrites a few bytes, not the whole log. Read back, the lines become `LoggedTurn`s, and `replayFrames`
// plays them through the rules again, frame by frame, for the replay screen and the review.

/** One move of the log, as the API answers it. */
export type MoveEntry =
  /** The dice standing after the roll, and the indices of those kept (not rolled). */
  | { kind: 'ROLL'; dice: number[]; held: number[] }
  | { kind: 'ANNOUNCE'; box: BoxType }
  | { kind: 'FILL'; column: ColumnType; box: BoxType }
  /** Takes back the turn's fill before it: that fill stays in the log, undone. */
  | { kind: 'UNDO' }
  /** A clash turn that ran out or was passed: the dice thrown away, nothing filled. */
  | { kind: 'PASS' };

/** One turn of one game: its moves in order. A clash's turns alternate between its games. */
export interface LoggedTurn {
  gameId: number;
  moves: MoveEntry[];
}

// The compact form: `r` + held mask (one base-64 digit) + the rolled dice's faces; `a` + box; `f` + column
// + box; `u`; `p`. Columns are indices into COLUMN_TYPES and boxes into BOX_TYPES, in base 36.
const MASK_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const maskOf = (held: readonly number[]) => held.reduce((mask, i) => mask | (1 << i), 0);

/** The turn's moves as one short string (e.g. `rA35214rY61fdc`). */
export function encodeTurn(moves: readonly MoveEntry[]): string {
  return moves
    .map((move) => {
      switch (move.kind) {
        case 'ROLL': {
          const faces = move.dice.filter((_, i) => !move.held.includes(i)).join('');
          return `r${MASK_DIGITS[maskOf(move.held)]}${faces}`;
        }
        case 'ANNOUNCE':
          return `a${BOX_TYPES.indexOf(move.box).toString(36)}`;
        case 'FILL':
          return `f${COLUMN_TYPES.indexOf(move.column).toString(36)}${BOX_TYPES.indexOf(move.box).toString(36)}`;
        case 'UNDO':
          return 'u';
        case 'PASS':
          return 'p';
      }
    })
    .join('');
}

/**
 * The moves of an encoded turn; `dice` are the dice standing when the turn began (a roll keeps some of
 * them). Null when the text is not a turn of `diceCount` dice.
 */
export function decodeTurn(text: string, diceCount: number, dice: readonly number[]): MoveEntry[] | null {
  const moves: MoveEntry[] = [];
  let standing = [...dice];
  let at = 0;
  const digit = <T>(alphabet: readonly T[]): T | undefined => {
    const value = parseInt(text[at++] ?? '', 36);
    return Number.isInteger(value) && value < alphabet.length ? alphabet[value] : undefined;
  };
  while (at < text.length) {
    const kind = text[at++];
    if (kind === 'r') {
      const mask = MASK_DIGITS.indexOf(text[at++] ?? '');
      if (mask < 0 || mask >= 1 << diceCount) return null;
      const held = standing.map((_, i) => i).filter((i) => mask & (1 << i));
      const next = [...standing];
      for (let i = 0; i < diceCount; i++) {
        if (mask & (1 << i)) continue;
        const face = Number(text[at++]);
        if (!(face >= 1 && face <= 6)) return null;
        next[i] = face;
      }
      standing = next;
      moves.push({ kind: 'ROLL', dice: next, held });
    } else if (kind === 'a') {
      const box = digit(BOX_TYPES);
      if (!box) return null;
      moves.push({ kind: 'ANNOUNCE', box });
    } else if (kind === 'f') {
      const column = digit(COLUMN_TYPES);
      const box = digit(BOX_TYPES);
      if (!column || !box) return null;
      moves.push({ kind: 'FILL', column, box });
    } else if (kind === 'u') moves.push({ kind: 'UNDO' });
    else if (kind === 'p') moves.push({ kind: 'PASS' });
    else return null;
  }
  return moves;
}

/** The log entry of a move the rules accepted, from the state after it; null for a restart (the log starts over). */
export function entryOf(move: GameMove, after: GameState): MoveEntry | null {
  switch (move.type) {
    case 'ROLL': {
      const held = after.dice.map((_, i) => i).filter((i) => !after.latestDiceRolled.includes(i));
      return { kind: 'ROLL', dice: [...after.dice], held };
    }
    case 'ANNOUNCE':
      return { kind: 'ANNOUNCE', box: move.boxType };
    case 'FILL':
      return { kind: 'FILL', column: move.columnType, box: move.boxType };
    case 'UNDO':
      return { kind: 'UNDO' };
    case 'RESTART':
      return null;
  }
}

/** One moment of a replay: the sheets as they stood after `move` (none: the game's start). */
export interface ReplayFrame {
  /** 1-based: the turn the move belongs to (the start is turn 1). */
  turn: number;
  /** The rolls made in that turn so far (0: before its first roll). */
  roll: number;
  gameId: number;
  move: MoveEntry | null;
  /** A fill that a later undo took back. */
  undone: boolean;
  /** Every game of the replay by id, as it stood. */
  states: Record<string, GameState>;
}

/**
 * The replay of `turns` over games `gameIds` of `rules`, frame by frame. A move the rules refuse ends it
 * (`broken`): a log that does not fit its game is shown as far as it goes.
 */
export function replayFrames(
  rules: RuleSet,
  type: GameType,
  gameIds: readonly number[],
  turns: readonly LoggedTurn[],
): { frames: ReplayFrame[]; broken: boolean } {
  let states: Record<string, GameState> = Object.fromEntries(gameIds.map((id) => [id, newGame(type, rules)]));
  const frames: ReplayFrame[] = [
    { turn: 1, roll: 0, gameId: gameIds[0] ?? 0, move: null, undone: false, states },
  ];
  for (const [index, turn] of turns.entries()) {
    let rolls = 0;
    let lastFill = -1;
    for (const move of turn.moves) {
      const state = states[turn.gameId];
      const next = state && played(state, move);
      if (!next) return { frames, broken: true };
      if (move.kind === 'ROLL') rolls++;
      if (move.kind === 'UNDO' && lastFill >= 0) frames[lastFill] = { ...frames[lastFill], undone: true };
      states = { ...states, [turn.gameId]: next };
      frames.push({ turn: index + 1, roll: rolls, gameId: turn.gameId, move, undone: false, states });
      if (move.kind === 'FILL') lastFill = frames.length - 1;
      if (move.kind === 'UNDO') rolls = next.rollCount;
    }
  }
  return { frames, broken: false };
}

/** The state after `move`, or null when the rules refuse it. */
function played(state: GameState, move: MoveEntry): GameState | null {
  try {
    switch (move.kind) {
      case 'ROLL': {
        const diceToRoll = state.dice.map((_, i) => i).filter((i) => !move.held.includes(i));
        const faces = diceToRoll.map((i) => move.dice[i]);
        return roll(state, diceToRoll, (count) => faces.slice(0, count));
      }
      case 'ANNOUNCE':
        return announce(state, move.box);
      case 'FILL':
        return fill(state, move.column, move.box);
      case 'UNDO':
        return undo(state);
      case 'PASS':
        return timedOut(state);
    }
  } catch {
    return null;
  }
}

/** The frame a link names (`?turn=17&roll=2`): the first of that turn with that many rolls, or the turn's start. */
export function frameAt(frames: readonly ReplayFrame[], turn: number, roll: number): number {
  const exact = frames.findIndex((f) => f.turn === turn && f.roll === roll);
  if (exact >= 0) return exact;
  const first = frames.findIndex((f) => f.turn === turn);
  return first > 0 ? first - 1 : Math.max(0, first);
}

/**
 * The frames where `gameId`'s player made a decision the review grades: every keep (a roll after the
 * turn's first), every announcement, and every fill that stood. Indices into `frames`; the decision is
 * made at the frame before.
 */
export function decisionFrames(frames: readonly ReplayFrame[], gameId: number): number[] {
  const decisions: number[] = [];
  frames.forEach((frame, i) => {
    const move = frame.move;
    if (!move || frame.gameId !== gameId) return;
    if (move.kind === 'FILL' && !frame.undone) decisions.push(i);
    if (move.kind === 'ANNOUNCE') decisions.push(i);
    if (move.kind === 'ROLL' && frame.roll > 1) decisions.push(i);
  });
  return decisions;
}

/** A moment of a game to think about (a puzzle, a review's costliest decision): what the player saw. */
export interface Position {
  rules: RuleSet;
  sheet: Sheet;
  dice: number[];
  /** The rolls made this turn (1-3): a decision is made after a roll. */
  rollCount: number;
  announcement: BoxType | null;
}

export const positionOf = (state: GameState): Position => ({
  rules: state.rules,
  sheet: state.sheet,
  dice: [...state.dice],
  rollCount: state.rollCount,
  announcement: state.announcement,
});

/** A position as a game in progress, for the rules and the advisor. */
export const stateOf = (position: Position, type: GameType = 'SOLO'): GameState => ({
  ...newGame(type, position.rules),
  sheet: position.sheet,
  dice: [...position.dice],
  rollCount: position.rollCount,
  announcement: position.announcement,
  lastAction: position.rollCount > 0 ? 'ROLL' : null,
});
