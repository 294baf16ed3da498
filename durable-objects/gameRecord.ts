import type { GameResource, PlayerMove } from '../contract/games';
import type { ReplayResource } from '../contract/replay';
import type { GameState, RuleSet } from '../game';

// A GameRoom's contract: the record it stores and the RPC calls it answers. GameRoom.ts (behaviour),
// gameIndex.ts (its D1 index writer) and the Worker's routes import it from here, so none of them
// imports another for its types.

/** What a room knows about its game besides the rules' state. Times are epoch milliseconds. */
export interface GameMeta {
  id: number;
  player: { id: number; name: string };
  /** Set by archive; the rules know nothing of it, so it lives beside the state. */
  archived: boolean;
  createdAt: number;
  updatedAt: number;
  /**
   * The room logs its moves (durable-objects/moveLog.ts) since the game began: set on games started since
   * issue 30. A game without it shows its sheet as before, with no replay.
   */
  logged?: true;
}

/** What a GameRoom stores of its game. */
export interface GameRecord {
  state: GameState;
  meta: GameMeta;
  /** Bumped by every change; the D1 index (gameIndex.ts) is current when it has written the same number. */
  version: number;
  /** A daily game's UTC day (`YYYY-MM-DD`): its dice are the day's, and it is hidden until the day is over. */
  daily?: { day: string };
}

/** A move the game's player asks for (the Worker has validated its shape), or putting a finished game away. */
export type RoomAction = PlayerMove;

/** RPC answers are values, not exceptions: an error thrown across RPC loses its class and its key. */
export type RoomResult = { ok: true; game: GameResource } | Refusal;
/** A game's replay (GameRoom `replay`, ClashRoom `replayOf`): 404 replay-not-available until it may be shown. */
export type ReplayResult = { ok: true; replay: ReplayResource } | Refusal;
/** What a dev-only call measures of a room's storage (bench/replay-log.mjs): SQLite's size, the record's and the log's bytes. */
export interface StoredBytes {
  database: number;
  record: number;
  log: number;
}
export type RefusalStatus = 401 | 403 | 404 | 409 | 503;

/** A room's refusal: the status and error key the Worker answers with. */
export interface Refusal {
  ok: false;
  status: RefusalStatus;
  key: string;
}

/** What `GameRoom.putAway` did: archived the game, or discarded it (nobody had moved in it). */
export type PutAway = { ok: true; discarded: boolean } | Refusal;

export const refuse = (status: RefusalStatus, key: string): Refusal => ({ ok: false, status, key });

/** Who asks, as their access token says (the Worker checked its signature and expiry, not D1). */
export interface RoomViewer {
  playerId: number;
  /** When the token was signed, epoch ms: the room refuses one signed before its player's tokens were ended. */
  issuedAtMs: number;
}

/**
 * What the room keeps of its player's account, so that a move needs no D1 read: the Worker sends it at
 * creation and again whenever it changes (worker/auth/access.ts `pushAccess`: logout, password, ban).
 */
export interface PlayerAccess {
  /** Tokens signed before this moment no longer count. */
  tokensValidAfter: number;
  banned: boolean;
}

/** A player's access as a room keeps it before the Worker first sends one: every token counts. */
export const OPEN_ACCESS: PlayerAccess = { tokensValidAfter: 0, banned: false };

/** What the Worker knows of a game when it asks its room to start it (`GameRoom.create`). */
export interface NewGame {
  id: number;
  playerId: number;
  playerName: string;
  /** The index row's creation time, so the room and the index agree. */
  createdAt: number;
  access: PlayerAccess;
  /** A solo game's rule set, as its index row says (absent: CLASSIC). A daily game is always CLASSIC. */
  rules?: RuleSet;
  /**
   * For a daily game: its day and the day's secret. The room keeps the secret in its own storage, apart
   * from the record, so that a roll needs no D1 read; it never leaves the room.
   */
  daily?: { day: string; secret: string };
}
