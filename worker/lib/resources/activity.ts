import type { ClashRow, LogRow, NotificationRow, ScoreRow } from '../../db/schema';
import { links } from '../hal';
import { avatarUrl } from './player';

// The rows of a player's linked collections as a client sees them (games use resources/game.ts's
// summary). A link is only given where a route answers it: /api/scores/{id}, /api/clashes/{id},
// /api/logs/{id} and /api/notifications/{id} don't exist yet, so these rows carry no `self` until they do.

interface PlayerRef {
  id: number;
  name: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toScoreSummary(score: ScoreRow, player: PlayerRef) {
  return {
    id: score.id,
    player,
    value: score.value,
    gameId: score.gameId,
    createdAt: iso(score.createdAt),
    _links: links({}),
  };
}

export interface ClashMember {
  id: number;
  name: string;
  avatarKey: string | null;
  status: string;
  score: number | null;
  gameId: number | null;
}

export function toClashSummary(clash: ClashRow, owner: PlayerRef, members: ClashMember[]) {
  return {
    id: clash.id,
    name: clash.name,
    type: clash.type,
    status: clash.status,
    owner,
    players: members.map((m) => {
      const url = avatarUrl(m);
      return {
        id: m.id,
        name: m.name,
        status: m.status,
        avatar: url ? { url } : null,
        score: m.score,
        gameId: m.gameId,
      };
    }),
    turn: clash.turn,
    winnerId: clash.winnerId,
    createdAt: iso(clash.createdAt),
    updatedAt: iso(clash.updatedAt),
    _links: links({}),
  };
}

export function toLogSummary(log: LogRow, player: PlayerRef | null) {
  return {
    id: log.id,
    player,
    level: log.level,
    message: log.message,
    data: log.data,
    createdAt: iso(log.createdAt),
    _links: links({}),
  };
}

/** A notification; marking all read is DELETE on the player's notifications link. */
export function toNotification(notification: NotificationRow) {
  return {
    id: notification.id,
    content: notification.content,
    link: notification.link,
    createdAt: iso(notification.createdAt),
    _links: links({}),
  };
}
