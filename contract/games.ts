import { BOX_TYPES, type BoxType, COLUMN_TYPES, type ColumnType, DICE_COUNT, type GameAction, type GameState, type GameType } from '../game';

// The game as it travels between server and client: the Worker builds it (worker/lib/resources/game.ts),
// the web app reads it. Declared once so the two sides cannot drift apart.

export interface WireLink {
  href: string;
}

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
  _links: Partial<Record<GameLinkName, WireLink>>;
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
  _links: Partial<Record<'self', WireLink>>;
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
