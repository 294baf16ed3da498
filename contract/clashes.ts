import type { Links } from './links';
import type { PlayerRef } from './players';

export type ClashStatus = 'PENDING' | 'IN_PROGRESS' | 'COMPLETED';
export type ClashType = 'LIVE';
/** A player's answer to the clash's invitation. */
export type ClashPlayerStatus = 'PENDING' | 'ACCEPTED' | 'DECLINED';

export type ClashLinkName = 'self' | 'accept' | 'decline' | 'add' | 'remove';

/** One player of a clash, in turn order. */
export interface ClashPlayer {
  id: number;
  name: string;
  status: ClashPlayerStatus;
  avatar: { url: string } | null;
  score: number | null;
  gameId: number | null;
}

/** A clash (SPEC.md section 3) as lists show it; `_links` arrive with the clash routes. */
export interface ClashSummary {
  id: number;
  name: string;
  type: ClashType;
  status: ClashStatus;
  owner: PlayerRef;
  players: ClashPlayer[];
  /** The index in `players` of the player whose turn it is. */
  turn: number;
  winnerId: number | null;
  createdAt: string;
  updatedAt: string;
  _links: Links<ClashLinkName>;
}

export const CLASH_SORTS = ['createdAt', 'updatedAt'] as const;

/** What a clash's room says on /api/ws/clashes/{id} (DESIGN.md "Live contract"). */
export type ClashServerMessage =
  | { type: 'UPDATE'; clash: ClashSummary | null }
  | { type: 'REACTION'; playerId: number; content: string }
  | { type: 'SUGGESTION'; playerId: number; content: string };

/** What a player may send on /api/ws/clashes/{id} (a 3 s cooldown, enforced by the room too). */
export type ClashClientMessage =
  { type: 'REACTION'; content: string } | { type: 'SUGGESTION'; content: string };
