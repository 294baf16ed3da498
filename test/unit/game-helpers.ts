import {
  announce,
  BOX_TYPES,
  type BoxType,
  type ColumnType,
  type DiceSource,
  fill,
  type GameState,
  newGame,
  RuleError,
  roll,
} from '../../game';
import type { GameResource } from '../../contract/games';
import type { GameMeta } from '../../durable-objects/gameRecord';
import { toGameResource } from '../../worker/lib/resources/game';

// What the unit tests of the rules and of the play screen share: dice that come up as told, a turn
// played in one line, the key of a refusal, and the resource the server sends for a state.

/** Every die: what the first roll of a turn throws. */
export const ALL = [0, 1, 2, 3, 4];
export const STRAIGHT = [1, 2, 3, 4, 5];
export const SIXES = [6, 6, 6, 6, 6];

/** Dice that come up as `values`, in order. */
export function fixed(values: number[]): DiceSource {
  return (count) => values.slice(0, count);
}

/** The first roll of a turn, showing `values`. */
export function rolled(state: GameState, values = STRAIGHT): GameState {
  return roll(state, ALL, fixed(values));
}

/** A whole turn: one roll showing `values`, then the box filled (announced first in ANNOUNCEMENT). */
export function play(state: GameState, column: ColumnType, box: BoxType, values = STRAIGHT): GameState {
  const afterRoll = rolled(state, values);
  return fill(column === 'ANNOUNCEMENT' ? announce(afterRoll, box) : afterRoll, column, box);
}

/** The key of the rule the action breaks; fails the test when the action is allowed. */
export function refused(action: () => unknown): string {
  try {
    action();
  } catch (e) {
    if (e instanceof RuleError) return e.key;
    throw e;
  }
  throw new Error('the action was allowed');
}

/** Fills every box of the columns given in their order, one turn of `values` each, from `start`. */
export function withFullColumns(
  columns: readonly ColumnType[],
  values = STRAIGHT,
  start = newGame(),
): GameState {
  let state = start;
  for (const column of columns) {
    const order = column === 'UPWARDS' ? [...BOX_TYPES].reverse() : BOX_TYPES;
    for (const box of order) state = play(state, column, box, values);
  }
  return state;
}

/** The player of every game `resourceOf` builds, and the viewer it is rendered for unless told otherwise. */
export const PLAYER = { id: 1, name: 'RedPanda1' };

/**
 * The resource the server sends for `state`: built by the server's own `toGameResource`, so a change to
 * what the server sends reaches the tests of what the client makes of it. `meta` is what the room knows
 * besides the rules (id, player, archived, times in epoch ms); `viewerId` decides the links (the
 * player's id: the moves allowed now; anyone else or null: a watcher's copy, only `self`).
 */
export function resourceOf(
  state: GameState,
  meta: Partial<GameMeta> = {},
  viewerId: number | null = PLAYER.id,
): GameResource {
  const at = Date.parse('2026-01-01T10:00:00.000Z');
  return toGameResource(
    state,
    { id: 7, player: PLAYER, archived: false, createdAt: at, updatedAt: at, ...meta },
    viewerId,
  );
}
