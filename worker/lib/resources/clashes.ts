import type { ClashResource } from '../../../contract/clashes';
import type { PlayerRef } from '../../../contract/players';
import {
  type ClashMember,
  clashPermissions,
  type ClashView,
  clashRules,
  crownsOf,
  describeRules,
  refuseRemoval,
  type TurnSeconds,
  winnerOf,
} from '../../../game';
import type { ClashRow } from '../../db/schema';
import { links } from '../hal';
import { avatarOf } from './player';

/** A clash as the D1 index has it (worker/db/clashes.ts reads the row, its owner and its players). */
export const clashViewOf = (clash: ClashRow, owner: PlayerRef, members: ClashMember[]): ClashView => ({
  id: clash.id,
  name: clash.name,
  type: clash.type,
  status: clash.status,
  owner,
  players: members,
  turn: clash.turn,
  // A row written before rule sets has no rules: CLASSIC, as its preset's default says.
  rules: clash.rules ?? undefined,
  // The clock and the turn's deadline, for the lists' time left (null in rows written before issue 29).
  turnSeconds: (clash.turnSeconds as TurnSeconds | null) ?? null,
  turnDeadline: clash.turnDeadline,
  indexed: true,
  createdAt: clash.createdAt,
  updatedAt: clash.updatedAt,
});

export const clashPath = (id: number) => `/api/clashes/${id}`;

/**
 * The clash as `viewerId` sees it at `now` (epoch ms): links only for what they may do now, the crowns
 * once it is over.
 */
export function toClashResource(clash: ClashView, viewerId: number | null, now: number): ClashResource {
  const base = clashPath(clash.id);
  const may = clashPermissions(clash, viewerId, now);
  const crowns = crownsOf(clash);
  const winner = winnerOf(clash);
  return {
    id: clash.id,
    name: clash.name,
    type: clash.type,
    status: clash.status,
    owner: clash.owner,
    players: clash.players.map((p, index) => ({
      id: p.id,
      name: p.name,
      status: p.status,
      avatar: avatarOf(p),
      score: p.score,
      gameId: p.gameId,
      crown: crowns.has(index),
      bot: p.bot === true,
      forfeited: p.forfeited === true,
      resigned: p.resigned === true,
      removable: may.remove && refuseRemoval(clash, [p.id]) === null,
    })),
    turn: clash.turn,
    winner: winner ? { id: winner.id, name: winner.name } : null,
    rules: describeRules(clashRules(clash)),
    turnSeconds: clash.turnSeconds ?? null,
    turnDeadline:
      clash.status === 'IN_PROGRESS' && clash.turnDeadline
        ? new Date(clash.turnDeadline).toISOString()
        : null,
    turnStartedAt:
      clash.status === 'IN_PROGRESS' ? new Date(clash.turnStartedAt ?? clash.updatedAt).toISOString() : null,
    createdAt: new Date(clash.createdAt).toISOString(),
    updatedAt: new Date(clash.updatedAt).toISOString(),
    rematchId: clash.rematchId ?? null,
    _links: links({
      self: base,
      accept: may.answer && `${base}/accept`,
      decline: may.answer && `${base}/decline`,
      add: may.add && `${base}/add`,
      remove: may.remove && `${base}/remove`,
      delete: may.delete && base,
      resign: may.resign && `${base}/resign`,
      pass: may.pass && `${base}/pass`,
      rematch: may.rematch && `${base}/rematch`,
      moreTime: may.moreTime && `${base}/more-time`,
    }),
  };
}
