import type { ClashPlayerStatus, ClashSummary } from '../../../contract/clashes';
import type { PlayerRef } from '../../../contract/players';
import type { ClashRow } from '../../db/schema';
import { links } from '../hal';
import { avatarOf } from './player';

/** A clash's player as the clashes query reads it. */
export interface ClashMember {
  id: number;
  name: string;
  avatarKey: string | null;
  status: ClashPlayerStatus;
  score: number | null;
  gameId: number | null;
}

// The clash routes (and their links) arrive with the clashes issue: until then a clash carries no `self`.
export function toClashSummary(clash: ClashRow, owner: PlayerRef, members: ClashMember[]): ClashSummary {
  return {
    id: clash.id,
    name: clash.name,
    type: clash.type,
    status: clash.status,
    owner,
    players: members.map((m) => ({
      id: m.id,
      name: m.name,
      status: m.status,
      avatar: avatarOf(m),
      score: m.score,
      gameId: m.gameId,
    })),
    turn: clash.turn,
    winnerId: clash.winnerId,
    createdAt: new Date(clash.createdAt).toISOString(),
    updatedAt: new Date(clash.updatedAt).toISOString(),
    _links: links({}),
  };
}
