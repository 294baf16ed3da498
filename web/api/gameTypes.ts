import type { BoxType, ColumnType, GameAction, GameType } from '../../game';
import type { Links } from './types';

/** A game's status as the server shows it: an archived game is a completed one that was put away. */
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

/** A row of GET /api/games/. */
export interface GameSummary {
  id: number;
  status: GameStatusView;
  type: GameType;
  player: { id: number; name: string };
  totalSum: number;
  progress: number;
  createdAt?: string;
  updatedAt: string;
  _links: Links<'self'>;
}

export interface PageInfo {
  size: number;
  number: number;
  totalElements: number;
  totalPages: number;
}

export interface GamesPage {
  _embedded?: { games?: GameSummary[] };
  page: PageInfo;
}

/** A live message on /api/ws/games/{id}. */
export interface GameMessage {
  type: 'GAME';
  game: GameResource | null;
}
