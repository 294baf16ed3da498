import type { GameSummary } from '../../contract/games';

// The game's wire types are declared once in game/resource.ts, shared with the server.
export type { GameLinkName, GameMessage, GameResource, GameStatusView, GameSummary } from '../../contract/games';

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
