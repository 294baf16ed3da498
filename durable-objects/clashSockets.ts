import type { Connection, ConnectionContext } from 'partyserver';
import type { ClashServerMessage } from '../contract/clashes';
import { gameOnTurn } from '../game';
import { toClashResource } from '../worker/lib/resources/clashes';
import { toGameResource } from '../worker/lib/resources/game';
import { issuedFrom, VIEWER_HEADER, VIEWER_ISSUED_HEADER, viewerFrom } from '../worker/lib/viewer';
import { broadcastPerViewer } from './broadcast';
import type { ClashGame, ClashRecord, ClashSocket } from './clashRecord';
import { gameMessage } from './roomKit';

// A clash room's sockets: the clash's own (`/api/ws/clashes/{id}`) and one per game
// (`/api/ws/games/{id}`), tagged so a broadcast reaches the right ones, each sent what its viewer may see.

export const CLASH_TAG = 'clash';
export const gameTag = (gameId: number) => `game-${gameId}`;
export const playerTag = (playerId: number) => `player-${playerId}`;

/** Which socket a request opens, and whose it is. */
export function socketOf(request: Request): ClashSocket {
  const game = /\/ws\/games\/(\d+)\/?$/.exec(new URL(request.url).pathname);
  return {
    viewerId: viewerFrom(request.headers.get(VIEWER_HEADER)),
    gameId: game ? Number(game[1]) : null,
    issuedAtMs: issuedFrom(request.headers.get(VIEWER_ISSUED_HEADER)),
  };
}

/** Tags say which sockets a broadcast reaches, and whose they are; they survive hibernation. */
export function socketTags(ctx: ConnectionContext): string[] {
  const { viewerId, gameId } = socketOf(ctx.request);
  return [gameId === null ? CLASH_TAG : gameTag(gameId), ...(viewerId ? [playerTag(viewerId)] : [])];
}

/** A clash game as `viewerId` may see it: its player, on turn, with the links to move. */
export const clashGameResource = (record: ClashRecord, game: ClashGame, viewerId: number | null) =>
  toGameResource(game.state, game.meta, viewerId, gameOnTurn(record.clash, game.meta.id));

export function clashMessage(record: ClashRecord | null, viewerId: number | null): string {
  const clash = record ? toClashResource(record.clash, viewerId, Date.now()) : null;
  return JSON.stringify({ type: 'UPDATE', clash } satisfies ClashServerMessage);
}

export function clashGameMessage(
  record: ClashRecord | null,
  gameId: number,
  viewerId: number | null,
): string {
  const game = record?.games[String(gameId)];
  return gameMessage(record && game ? clashGameResource(record, game, viewerId) : null);
}

/** Each clash socket gets the clash as its viewer may see it (members with their links, watchers without). */
export function broadcastClash(connections: Iterable<Connection<ClashSocket>>, record: ClashRecord) {
  const members = new Set(record.clash.players.map((p) => p.id));
  broadcastPerViewer(
    connections,
    (connection) => {
      const viewerId = connection.state?.viewerId ?? null;
      return viewerId !== null && members.has(viewerId) ? viewerId : null;
    },
    (viewerId) => clashMessage(record, viewerId),
  );
}

/** A game's sockets get it: its player's tabs with links (when on turn), watchers without. */
export function broadcastGame(
  connections: Iterable<Connection<ClashSocket>>,
  record: ClashRecord,
  gameId: number,
) {
  const playerId = record.games[String(gameId)]?.meta.player.id;
  broadcastPerViewer(
    connections,
    (connection) => (connection.state?.viewerId === playerId ? playerId : null),
    (viewerId) => clashGameMessage(record, gameId, viewerId ?? null),
  );
}
