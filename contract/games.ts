import * as v from 'valibot';
import {
  BOX_TYPES,
  type BoxType,
  COLUMN_TYPES,
  type ColumnType,
  DICE_COUNT,
  type GameAction,
  type GameMove,
  type GameState,
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

/**
 * The rules' state of a game resource. The resource is the server's view, so it is normalised: the
 * sheet in the rules' column and box order with every box present, the dice ordered by index, and an
 * archived game treated as the completed game it is. The undo snapshot never leaves the server; the
 * undo link says whether there is one.
 */
export function toGameState(game: GameResource): GameState {
  const dice = Array.from({ length: DICE_COUNT }, (_, index) => {
    const value = game.dices.find((d) => d.index === index)?.value;
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6 ? value : 1;
  });
  return {
    type: game.type,
    status: game.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'COMPLETED',
    sheet: {
      columns: COLUMN_TYPES.map((column) => {
        const boxes = game.sheet.columns.find((c) => c.type === column)?.boxes ?? [];
        return {
          type: column,
          boxes: BOX_TYPES.map((box) => ({
            type: box,
            value: boxes.find((b) => b.type === box)?.value ?? null,
          })),
        };
      }),
    },
    dice,
    rollCount: game.rollCount,
    announcement: game.announcement,
    lastAction: game.lastAction,
    latestBoxFilled: game.latestBoxFilled,
    latestColumnFilled: game.latestColumnFilled,
    latestDiceRolled: game.latestDiceRolled ?? [],
    undoSnapshot: null,
  };
}

/** A move as a player asks for it: one of the rules' moves, or putting a finished game away. */
export type PlayerMove = GameMove | { type: 'ARCHIVE' };

/** The link of the game resource that each move follows (present only when the player may make it now). */
export const MOVE_LINKS = {
  ROLL: 'roll',
  ANNOUNCE: 'announce',
  FILL: 'fill',
  UNDO: 'undo',
  RESTART: 'restart',
  ARCHIVE: 'archive',
} as const satisfies Record<PlayerMove['type'], GameLinkName>;

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
