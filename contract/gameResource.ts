import type { BoxType, GameAction, GameType } from '../game/types';
import type { ColumnType, Rules } from '../game/rules';
import type { Links } from './links';

// The game as it travels between server and client: the Worker builds it (worker/lib/resources/game.ts),
// the web app reads it. Declared once so the two sides cannot drift apart.

/** A game's status as shown: an archived game is a completed one that was put away. */
export type GameStatusView = 'IN_PROGRESS' | 'COMPLETED' | 'ARCHIVED';

/** `replay`: GET the game's moves (issue 30), once the game may be replayed (contract/replay.ts). */
export type GameLinkName = 'self' | 'roll' | 'announce' | 'fill' | 'undo' | 'restart' | 'archive' | 'replay';

/** GET /api/games/{id}, every action's answer and every live `{type: 'GAME'}` message. */
export interface GameResource {
  id: number;
  status: GameStatusView;
  type: GameType;
  /**
   * A clash game's clash; absent on a solo or daily game. Its move links name the clash too, so the
   * server reaches the game's room without looking the game up.
   */
  clashId?: number;
  player: { id: number; name: string };
  /** The rule set the game is played with (issue 27); `preset` is null for a custom one. */
  rules: Rules;
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
  /** The game's rule set (its index row's; a row from before rule sets is CLASSIC). */
  rules: Rules;
  createdAt: string;
  updatedAt: string;
  _links: Links<'self'>;
}

/** A live message on /api/ws/games/{id}. */
export interface GameMessage {
  type: 'GAME';
  game: GameResource | null;
}
