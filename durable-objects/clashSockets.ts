import type { Connection, ConnectionContext } from 'partyserver';
import type { ClashLogEntry, ClashServerMessage } from '../contract/clashes';
import { ended, gameOnTurn } from '../game';
import { toClashResource } from '../worker/lib/resources/clashes';
import { toClashGameResource } from '../worker/lib/resources/game';
import { ACCESS_ENDED } from '../worker/lib/viewer';
import { broadcastPerViewer, closeAll } from './broadcast';
import type { ClashGame, ClashRecord, ClashSocket } from './clashRecord';
import type { PlayerAccess } from './gameRecord';
import { gameMessage, socketCounts, socketViewer } from './roomKit';

// A clash room's sockets: the clash's own (`/api/ws/clashes/{id}`) and one per game
// (`/api/ws/games/{id}`), tagged so a broadcast reaches the right ones, each sent what its viewer may see.

const CLASH_TAG = 'clash';
const gameTag = (gameId: number) => `game-${gameId}`;
const playerTag = (playerId: number) => `player-${playerId}`;

/** Which socket a request opens, and whose it is. */
function socketOf(request: Request): ClashSocket {
  const game = /\/ws\/games\/(\d+)\/?$/.exec(new URL(request.url).pathname);
  return { ...socketViewer(request), gameId: game ? Number(game[1]) : null };
}

/** Tags say which sockets a broadcast reaches, and whose they are; they survive hibernation. */
export function socketTags(ctx: ConnectionContext): string[] {
  const { viewerId, gameId } = socketOf(ctx.request);
  return [gameId === null ? CLASH_TAG : gameTag(gameId), ...(viewerId ? [playerTag(viewerId)] : [])];
}

/** A clash game as `viewerId` may see it: its player, on turn, with the links to move, which name the clash. */
export const clashGameResource = (record: ClashRecord, game: ClashGame, viewerId: number | null) =>
  toClashGameResource(game.state, game.meta, viewerId, {
    clashId: record.clash.id,
    onTurn: gameOnTurn(record.clash, game.meta.id),
    replay: clashReplayShown(record, game),
  });

/** A clash game's replay is shown once the clash is over, when the room logged its moves from the start. */
export const clashReplayShown = (record: ClashRecord, game: ClashGame): boolean =>
  ended(record.clash) && game.meta.logged === true;

function clashMessage(record: ClashRecord | null, viewerId: number | null): string {
  const clash = record ? toClashResource(record.clash, viewerId, Date.now()) : null;
  return JSON.stringify({ type: 'UPDATE', clash } satisfies ClashServerMessage);
}

const logMessage = (entries: ClashLogEntry[], whole: boolean) =>
  JSON.stringify({ type: 'LOG', entries, whole } satisfies ClashServerMessage);

function clashGameMessage(record: ClashRecord | null, gameId: number, viewerId: number | null): string {
  const game = record?.games[String(gameId)];
  return gameMessage(record && game ? clashGameResource(record, game, viewerId) : null);
}

/** Each clash socket gets the clash as its viewer may see it (members with their links, watchers without). */
function broadcastClash(connections: Iterable<Connection<ClashSocket>>, record: ClashRecord) {
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
function broadcastGame(connections: Iterable<Connection<ClashSocket>>, record: ClashRecord, gameId: number) {
  const playerId = record.games[String(gameId)]?.meta.player.id;
  broadcastPerViewer(
    connections,
    (connection) => (connection.state?.viewerId === playerId ? playerId : null),
    (viewerId) => clashGameMessage(record, gameId, viewerId ?? null),
  );
}

/** The room's sockets, found by their tags (partyserver's `getConnections`). */
export class ClashSockets {
  constructor(private readonly connections: (tag?: string) => Iterable<Connection<ClashSocket>>) {}

  /**
   * A socket the Worker let in (worker/routes/live.ts) is greeted with the clash or its game, unless its
   * token ended or its player was banned since the Worker read the access. Its viewer, when greeted.
   */
  open(
    connection: Connection<ClashSocket>,
    request: Request,
    record: ClashRecord | null,
    greet: (text: string) => string,
    log: (viewerId: number | null) => ClashLogEntry[],
  ): { viewerId: number | null } | null {
    const socket = socketOf(request);
    connection.setState(socket);
    const { viewerId, gameId } = socket;
    const access = record && viewerId !== null ? record.access[String(viewerId)] : undefined;
    if (access && !socketCounts(socket.issuedAtMs, access)) {
      connection.close(ACCESS_ENDED, 'access-ended');
      return null;
    }
    if (gameId !== null) {
      connection.send(greet(clashGameMessage(record, gameId, viewerId)));
      return { viewerId };
    }
    connection.send(greet(clashMessage(record, viewerId)));
    if (record) connection.send(logMessage(log(viewerId), true));
    return { viewerId };
  }

  /** Whether the player has a socket open on this clash (they see it already). */
  present(playerId: number): boolean {
    for (const _open of this.connections(playerTag(playerId))) return true;
    return false;
  }

  /** The changed games' sockets (each once) and every clash socket get the record as their viewer may see it. */
  broadcast(record: ClashRecord, gameIds: readonly number[] = []) {
    for (const gameId of new Set(gameIds)) broadcastGame(this.connections(gameTag(gameId)), record, gameId);
    broadcastClash(this.connections(CLASH_TAG), record);
  }

  /** What a member said (or the log wrote), to every clash socket but those of the `deaf` (who block the sayer). */
  say(text: string, deaf: ReadonlySet<number> = new Set()) {
    const hearing = [...this.connections(CLASH_TAG)].filter((c) => !deaf.has(c.state?.viewerId ?? 0));
    broadcastPerViewer(
      hearing,
      () => null,
      () => text,
    );
  }

  /** New lines of the clash log, to every clash socket but those of the `deaf`. */
  logged(entries: ClashLogEntry[], deaf?: ReadonlySet<number>) {
    if (entries.length > 0) this.say(logMessage(entries, false), deaf);
  }

  /** A pending clash is for its players' eyes only: the clash sockets of those no longer in it close. */
  closeLeft(playerIds: readonly number[]) {
    for (const id of playerIds)
      for (const connection of this.connections(playerTag(id)))
        if (connection.state?.gameId === null) connection.close(1000, 'not-clash-member');
  }

  /** The player's sockets let in with a token that no longer counts close; a reconnect meets the new access. */
  closeEnded(playerId: number, access: PlayerAccess) {
    for (const connection of this.connections(playerTag(playerId)))
      if (!socketCounts(connection.state?.issuedAtMs, access)) connection.close(ACCESS_ENDED, 'access-ended');
  }

  /** The clash was deleted: every socket hears `clash: null` and closes. */
  closeDeleted() {
    closeAll(this.connections(), clashMessage(null, null), 'clash-deleted');
  }
}
