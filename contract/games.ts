import * as v from 'valibot';
import {
  BOX_TYPES,
  type BoxType,
  COLUMN_TYPES,
  type ColumnType,
  DICE_COUNT,
  type GameAction,
  type GameType,
  isDiceSelection,
} from '../game';
import type { Links } from './links';

// The game as it travels between server and client: the Worker builds it (worker/lib/resources/game.ts),
// the web app reads it. Declared once so the two sides cannot drift apart.

/** A game's status as shown: an archived game is a completed one that was put away. */
export type GameStatusView = 'IN_PROGRESS' | 'COMPLETED' | 'ARCHIVED';

export type GameLinkName = 'self' | 'roll' | 'announce' | 'fill' | 'undo' | 'restart' | 'archive';

/** GET /api/games/{id}, every action's answer and every live `{type: 'GAME'}` message. */
export interface GameResource {
  id: number;
  status: GameStatusView;
  type: GameType;
  player: { id: number; name: string };
  rollCount: number;
  dices: { index: number; value: number }[];
  sheet: { columns: { type: ColumnType; boxes: { type: BoxType; value: number | null }[] }[] };
  announcement: BoxType | null;
  lastAction: GameAction | null;
  latestBoxFilled: BoxType | null;
  latestColumnFilled: ColumnType | null;
  latestDiceRolled: number[];
  totalSum: number;
  progress: number;
  createdAt: string;
  updatedAt: string;
  _links: Links<GameLinkName>;
}

/** A row of GET /api/games/ (read from the index: no moves, only the way to the full game). */
export interface GameSummary {
  id: number;
  status: GameStatusView;
  type: GameType;
  player: { id: number; name: string };
  totalSum: number;
  progress: number;
  createdAt: string;
  updatedAt: string;
  _links: Links<'self'>;
}

/** A live message on /api/ws/games/{id}. */
export interface GameMessage {
  type: 'GAME';
  game: GameResource | null;
}

// What the web app needs at once lives apart, without valibot (the first load stays under 150 kB).
export { MOVE_LINKS, type PlayerMove, toGameState } from './gameState';

/** The sorts of GET /api/games/ and a player's games. */
export const GAME_SORTS = ['updatedAt', 'createdAt', 'totalSum'] as const;

// The bodies of the moves (SPEC.md section 7: `PUT <roll link>` with `{diceToRoll}`, ...). The client
// never sends dice values, only which dice to roll again.

const allDice = () => Array.from({ length: DICE_COUNT }, (_, i) => i);

/** Which dice to roll again (indices, each once); none given means all five. */
export const RollBody = v.object({
  diceToRoll: v.nullish(v.custom<number[]>(isDiceSelection, 'dice-invalid'), allDice),
});

/** One of `names`; missing, not a string or unknown all answer `key` (a bare picklist says nothing of a missing key). */
const oneOf = <const T extends readonly string[]>(names: T, key: string) =>
  v.pipe(v.optional(v.string(key), ''), v.picklist(names, key));
const boxType = oneOf(BOX_TYPES, 'box-type-invalid');

export const AnnounceBody = v.object({ boxType });
export const FillBody = v.object({ columnType: oneOf(COLUMN_TYPES, 'column-type-invalid'), boxType });
/** Undo, restart and archive take no fields. */
export const NoBody = v.object({});
/** `PUT /api/games/`: the player's current game. */
export const CurrentGameBody = v.object({
  playerId: v.pipe(v.number('input-invalid'), v.integer('input-invalid')),
});
