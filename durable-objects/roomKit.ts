import type { GameMessage, GameResource } from '../contract/games';
import { applyMove, type DiceSource, type GameMove, type GameState, RuleError } from '../game';
import {
  issuedFrom,
  tokenCounts,
  VIEWER_HEADER,
  VIEWER_ISSUED_HEADER,
  viewerFrom,
} from '../worker/lib/viewer';
import { type PlayerAccess, type Refusal, refuse, type RoomViewer } from './gameRecord';

// What every room that holds games decides the same way: GameRoom (one game) and ClashRoom (a clash's games)
// both check a move, apply it, date it and send the GAME message through these, so a rule of how a room
// behaves is written once. How they store and delete themselves is roomStorage.ts; how they send, broadcast.ts.

/**
 * The player's access after `update`: tokens only ever end later, never earlier (of two updates crossing on
 * their way to a room, the later end wins); a ban is lifted only by the update that says so.
 */
export const laterAccess = (known: PlayerAccess, update: PlayerAccess): PlayerAccess => ({
  tokensValidAfter: Math.max(known.tokensValidAfter, update.tokensValidAfter),
  banned: update.banned,
});

/** Who opens a socket, as the Worker said in its headers once it checked the token (worker/routes/live.ts). */
export const socketViewer = (request: Request): { viewerId: number | null; issuedAtMs: number } => ({
  viewerId: viewerFrom(request.headers.get(VIEWER_HEADER)),
  issuedAtMs: issuedFrom(request.headers.get(VIEWER_ISSUED_HEADER)),
});

/** False for a socket opened with a token that has since ended, and for a banned player's. */
export const socketCounts = (issuedAtMs: number | undefined, access: PlayerAccess): boolean =>
  !access.banned && tokenCounts(issuedAtMs ?? 0, access);

/**
 * Why `viewer` may not move on the game of `playerId`: not theirs, banned (named first, so a banned player
 * is told why rather than sent to refresh their token), or a token signed before their tokens were ended.
 */
export function refuseMover(playerId: number, access: PlayerAccess, viewer: RoomViewer): Refusal | null {
  if (viewer.playerId !== playerId) return refuse(403, 'not-your-game');
  if (access.banned) return refuse(403, 'player-banned');
  if (!tokenCounts(viewer.issuedAtMs, access)) return refuse(401, 'token-expired');
  return null;
}

/** The rules' answer to a move: the next state, or their refusal (409 with the rule's key). */
export function playMove(
  state: GameState,
  move: GameMove,
  dice: DiceSource,
): { ok: true; state: GameState } | Refusal {
  try {
    return { ok: true, state: applyMove(state, move, dice) };
  } catch (error) {
    if (error instanceof RuleError) return refuse(409, error.key);
    throw error;
  }
}

/** Strictly increasing, so a client can tell the newer of two messages by updatedAt alone. */
export const nextUpdatedAt = (previous: number, now = Date.now()): number => Math.max(now, previous + 1);

/** A game socket's message: the game as its viewer may see it, or null once it is gone. */
export const gameMessage = (game: GameResource | null): string =>
  JSON.stringify({ type: 'GAME', game } satisfies GameMessage);
