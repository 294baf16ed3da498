import type { ClashResource } from '../../../contract/clashes';
import type { PlayerRef } from '../../../contract/players';
import {
  CLASH_MAX_PLAYERS,
  CLASH_MIN_PLAYERS,
  type ClashMember,
  type ClashView,
  crowned,
  stalledAt,
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
  indexed: true,
  createdAt: clash.createdAt,
  updatedAt: clash.updatedAt,
});

export const clashPath = (id: number) => `/api/clashes/${id}`;

/**
 * What the viewer may do with the clash now (`now`, epoch ms: the pass link comes with time); every clash
 * link is decided here and only here.
 */
export function clashPermissions(clash: ClashView, viewerId: number | null, now: number) {
  const pending = clash.status === 'PENDING';
  const owner = pending && viewerId === clash.owner.id;
  const invited = pending && clash.players.some((p) => p.id === viewerId && p.status === 'PENDING');
  const removable = clash.players.filter((p) => p.id !== clash.owner.id && p.status !== 'ACCEPTED');
  const seatIndex = clash.players.findIndex((p) => p.id === viewerId);
  const seated =
    clash.status === 'IN_PROGRESS' &&
    clash.indexed !== true &&
    seatIndex >= 0 &&
    clash.players[seatIndex]?.forfeited !== true;
  const stalled = stalledAt(clash);
  return {
    answer: invited,
    add: owner && clash.players.length < CLASH_MAX_PLAYERS,
    remove: owner && clash.players.length > CLASH_MIN_PLAYERS && removable.length > 0,
    delete: owner,
    resign: seated,
    pass: seated && seatIndex !== clash.turn && stalled !== null && now >= stalled,
  };
}

/**
 * The indices (in turn order) of the players who wear the crown: none until the clash is completed, and
 * none in an abandoned one. Read from the D1 index, whose players carry their places but not who
 * forfeited, the crown is the first place's.
 */
export function crownsOf(clash: ClashView): Set<number> {
  if (clash.status !== 'COMPLETED') return new Set();
  const placed = clash.players.every((p) => typeof p.place === 'number');
  if (placed) return new Set(clash.players.flatMap((p, index) => (p.place === 1 ? [index] : [])));
  return new Set(
    crowned(
      clash.players.map((p) => p.score ?? 0),
      clash.players.map((p) => p.forfeited === true),
    ),
  );
}

/** The winner of a completed clash: the first crowned player in turn order (the room's index writes it). */
export function winnerOf(clash: ClashView): ClashMember | null {
  const crowns = crownsOf(clash);
  return crowns.size ? (clash.players[Math.min(...crowns)] ?? null) : null;
}

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
    })),
    turn: clash.turn,
    winner: winner ? { id: winner.id, name: winner.name } : null,
    turnSeconds: clash.turnSeconds ?? null,
    turnDeadline:
      clash.status === 'IN_PROGRESS' && clash.turnDeadline
        ? new Date(clash.turnDeadline).toISOString()
        : null,
    turnStartedAt:
      clash.status === 'IN_PROGRESS' ? new Date(clash.turnStartedAt ?? clash.updatedAt).toISOString() : null,
    createdAt: new Date(clash.createdAt).toISOString(),
    updatedAt: new Date(clash.updatedAt).toISOString(),
    _links: links({
      self: base,
      accept: may.answer && `${base}/accept`,
      decline: may.answer && `${base}/decline`,
      add: may.add && `${base}/add`,
      remove: may.remove && `${base}/remove`,
      delete: may.delete && base,
      resign: may.resign && `${base}/resign`,
      pass: may.pass && `${base}/pass`,
    }),
  };
}
