import { newGame } from './actions';
import { nextTurn, places } from './clash';
import { RuleError } from './errors';
import { applyMove, type GameMove } from './moves';
import type { RuleSet } from './rules';
import { totalSum } from './sums';
import type { DiceSource, GameState } from './types';

// A game at the table (issue 28): one device, one to six players taking turns, played in the browser with no
// server. PRACTICE is the offline practice game (one player, the app's dice, the hint); TABLE is pass-and-play,
// with the app's dice or with real dice whose faces the players enter. It is practice: it never reaches the
// server, so no ranking ever counts it.

export const TABLE_MIN_PLAYERS = 1;
export const TABLE_MAX_PLAYERS = 6;
export const TABLE_NAME_MAX = 20;
/** How many entries back "undo the last entry" can go. */
export const TABLE_UNDO_DEPTH = 60;

export type TableKind = 'PRACTICE' | 'TABLE';
/** APP: the dice are rolled here, fairly (game/dice.ts); REAL: the players roll real dice and enter the faces. */
export type TableDice = 'APP' | 'REAL';

export interface TablePlayer {
  name: string;
  state: GameState;
}

/** What a move replaced: undoing it puts it back. */
export interface TableEntry {
  player: number;
  state: GameState;
  passing: boolean;
}

export interface TableGame {
  id: string;
  kind: TableKind;
  dice: TableDice;
  rules: RuleSet;
  players: TablePlayer[];
  /** The index of the player on turn. */
  turn: number;
  /**
   * The player on turn has filled a box and the device goes to the next player: no move until it is passed
   * (the screen between turns hides the dice of the player who just played).
   */
  passing: boolean;
  /** The latest entries, oldest first, at most TABLE_UNDO_DEPTH. */
  past: TableEntry[];
  createdAt: number;
  updatedAt: number;
}

/** Why a list of typed names cannot start a table game, or null. Names are trimmed; none may be empty. */
export function tableNamesError(names: readonly string[]): 'table-players' | 'table-name' | null {
  if (names.length < TABLE_MIN_PLAYERS || names.length > TABLE_MAX_PLAYERS) return 'table-players';
  const valid = names.every((name) => name.trim().length > 0 && name.trim().length <= TABLE_NAME_MAX);
  return valid ? null : 'table-name';
}

export function newTableGame(options: {
  id: string;
  kind: TableKind;
  dice: TableDice;
  rules: RuleSet;
  names: readonly string[];
  now: number;
}): TableGame {
  const { id, kind, dice, rules, names, now } = options;
  const refused = tableNamesError(names);
  if (refused) throw new Error(refused);
  return {
    id,
    kind,
    dice,
    rules,
    players: names.map((name) => ({ name: name.trim(), state: newGame('SOLO', rules) })),
    turn: 0,
    passing: false,
    past: [],
    createdAt: now,
    updatedAt: now,
  };
}

export const tableCompleted = (game: TableGame): boolean =>
  game.players.every((player) => player.state.status === 'COMPLETED');

/** The faces a player typed or tapped, as the dice of their roll: a REAL-dice game's "roll" is this entry. */
export const enteredDice =
  (faces: readonly number[]): DiceSource =>
  (count) =>
    faces.slice(faces.length - count);

/**
 * The player on turn makes `move` (the rules of game/ judge it; RuleError when refused). A fill by one of
 * several players hands the device on: `passing` until `passDevice`. Every move can be taken back with
 * `undoEntry`.
 */
export function tableMove(game: TableGame, move: GameMove, dice: DiceSource, now: number): TableGame {
  if (tableCompleted(game)) throw new RuleError('game-completed');
  if (game.passing) throw new RuleError('table-pass-first');
  const player = game.players[game.turn];
  if (!player) throw new RuleError('game-completed');
  const state = applyMove(player.state, move, dice);
  const entry: TableEntry = { player: game.turn, state: player.state, passing: game.passing };
  const others = game.players.some((p, index) => index !== game.turn && p.state.status === 'IN_PROGRESS');
  return {
    ...game,
    players: game.players.map((p, index) => (index === game.turn ? { ...p, state } : p)),
    passing: move.type === 'FILL' && others,
    past: [...game.past, entry].slice(-TABLE_UNDO_DEPTH),
    updatedAt: now,
  };
}

/** The next player takes the device; the one who played can no longer take their fill back with game/'s undo. */
export function passDevice(game: TableGame, now: number): TableGame {
  if (!game.passing) return game;
  const next = nextTurn(
    game.turn,
    game.players.map((p) => p.state.status === 'COMPLETED'),
  );
  return {
    ...game,
    players: game.players.map((p, index) =>
      index === game.turn ? { ...p, state: { ...p.state, undoSnapshot: null } } : p,
    ),
    turn: next ?? game.turn,
    passing: false,
    updatedAt: now,
  };
}

export const canUndoEntry = (game: TableGame): boolean => game.past.length > 0;

/** Takes back the latest entry (a roll, an announcement or a fill), even after the device was passed on. */
export function undoEntry(game: TableGame, now: number): TableGame {
  const entry = game.past.at(-1);
  if (!entry) throw new RuleError('undo-not-available');
  return {
    ...game,
    players: game.players.map((p, index) => (index === entry.player ? { ...p, state: entry.state } : p)),
    turn: entry.player,
    passing: entry.passing,
    past: game.past.slice(0, -1),
    updatedAt: now,
  };
}

export interface TableStanding {
  /** The player's index in turn order. */
  player: number;
  name: string;
  total: number;
  /** Tied totals share a place (1, 1, 3). */
  place: number;
}

/** Everyone's running total and place, best first (turn order among ties). */
export function tableStandings(game: TableGame): TableStanding[] {
  const totals = game.players.map((p) => totalSum(p.state.sheet));
  const placed = places(totals);
  return game.players
    .map((p, index) => ({
      player: index,
      name: p.name,
      total: totals[index] ?? 0,
      place: placed[index] ?? 1,
    }))
    .sort((a, b) => a.place - b.place || a.player - b.player);
}
