import type { Connection } from 'partyserver';
import type { GameMessage, GameResource } from '../contract/games';
import { applyMove, type DiceSource, type GameMove, type GameState, RuleError } from '../game';
import { tokenCounts } from '../worker/lib/viewer';
import { type PlayerAccess, type Refusal, refuse, type RoomViewer } from './gameRecord';

// What every room that holds games does the same way: GameRoom (one game) and ClashRoom (a clash's games)
// both check a move, apply it, store the record's successor, send the GAME message and delete themselves
// through these, so a rule of how a room behaves is written once.

/** A player's access as a room keeps it before the Worker first sends one: every token counts. */
export const OPEN_ACCESS: PlayerAccess = { tokensValidAfter: 0, banned: false };

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

/** The part of a room's D1 index writer a commit tells (writeBehindIndex.ts). */
interface IndexedVersions {
  isCurrent(version: number): boolean;
  changed(wasIndexed: boolean): void;
}

/**
 * A room's record under one storage key, with a version the D1 index follows. Its calls are synchronous
 * storage calls: made in one run with the alarms they set, they commit together.
 */
export class VersionedStore<R extends { version: number }> {
  constructor(
    private readonly kv: SyncKvStorage,
    private readonly key: string,
  ) {}

  load(): R | null {
    return this.kv.get<R>(this.key) ?? null;
  }

  /** Stores a change the index does not hold (a name, an access): the version stays. */
  put(record: R) {
    this.kv.put(this.key, record);
  }

  /**
   * Stores the successor of `record` with the next version and, when the index was current, the alarm
   * that brings it up to date. A stale index already has an alarm pending, and rescheduling it on every
   * move would starve it. The caller broadcasts it.
   */
  commit(record: R, next: Omit<R, 'version'>, index: IndexedVersions): R {
    const wasIndexed = index.isCurrent(record.version);
    const stored = { ...next, version: record.version + 1 } as R;
    this.put(stored);
    index.changed(wasIndexed);
    return stored;
  }
}

/**
 * Deletes a room for good with nothing else running in between, so no move lands on a room half deleted:
 * `hold` says what goes (or refuses), then its D1 rows, then the storage and the alarm, so the write-behind
 * index cannot bring a row back. A D1 failure is answered 503 and deletes nothing.
 */
export async function eraseRoom<H, R, F extends { ok: false }>(
  ctx: DurableObjectState,
  steps: {
    hold: () => { ok: true; held: H } | F;
    deleteRows: (held: H) => Promise<R>;
    log: (what: string, error: unknown) => void;
  },
): Promise<{ ok: true; held: H; rows: R } | F | Refusal> {
  return ctx.blockConcurrencyWhile(async () => {
    const hold = steps.hold();
    if (!hold.ok) return hold;
    let rows: R;
    try {
      rows = await steps.deleteRows(hold.held);
    } catch (error) {
      // Thrown out of blockConcurrencyWhile, an error would reset the object: answer it instead.
      steps.log('delete', error);
      return refuse(503, 'service-unavailable');
    }
    await ctx.storage.deleteAll();
    await ctx.storage.deleteAlarm();
    return { ok: true as const, held: hold.held, rows };
  });
}

/** Every socket hears `gone` (its subject deleted) and closes. */
export function closeAll(connections: Iterable<Connection>, gone: string, reason: string) {
  for (const connection of connections) {
    try {
      connection.send(gone);
      connection.close(1000, reason);
    } catch {
      // Already closing.
    }
  }
}
