import type { ClashResource, TurnSeconds } from '../contract/clashes';
import type { PlayerRef } from '../contract/players';
import type { ClashView, GameState, RuleSet } from '../game';
import { type GameMeta, OPEN_ACCESS, type PlayerAccess, type RefusalStatus } from './gameRecord';

// A ClashRoom's contract: the record it stores and the RPC calls it answers. ClashRoom.ts (behaviour),
// clashIndex.ts (its D1 index writer) and the Worker's routes import it from here. The game calls
// (`getGame`, `actOnGame`) answer gameRecord.ts's RoomResult, as a GameRoom does.

/** One game of a started clash, as a GameRoom would keep it. */
export interface ClashGame {
  state: GameState;
  meta: GameMeta;
}

/** What a ClashRoom stores, under one key. */
export interface ClashRecord {
  /** The clash as clients see it (without links): players in turn order, the owner first. */
  clash: ClashView;
  /** Each player's account access by player id, so a move reads nothing from D1 (see GameRoom). */
  access: Record<string, PlayerAccess>;
  /** The games by game id, once the clash started. */
  games: Record<string, ClashGame>;
  /** Bumped by every change the index holds; clashIndex.ts is current when it wrote the same number. */
  version: number;
}

/** RPC answers are values, not exceptions (an error thrown across RPC loses its key). */
export type ClashResult = { ok: true; clash: ClashResource } | ClashRefused;

/** A clash room's refusal: the status and error key the Worker answers with. */
export interface ClashRefused {
  ok: false;
  status: RefusalStatus | 400;
  key: string;
}

export const refuseClash = (status: RefusalStatus | 400, key: string): ClashRefused => ({
  ok: false,
  status,
  key,
});

/** A player the Worker found in D1 to put in a clash (at creation, or added by the owner). */
export interface NewClashPlayer {
  id: number;
  name: string;
  avatarKey: string | null;
  access: PlayerAccess;
  /** The practice bot: it accepts at once and the room plays its turns. */
  bot: boolean;
  /** A guest (joined by a challenge link). */
  guest?: boolean;
}

/** The clash the room starts holding (`ClashRoom.create`): as the Worker inserted it into D1, or reserved ids. */
export interface NewClash {
  id: number;
  name: string;
  owner: PlayerRef;
  /** In turn order, the owner first. */
  players: NewClashPlayer[];
  /** The index rows' creation time, so the room and the index agree. */
  createdAt: number;
  /** The turn clock; null: untimed. */
  turnSeconds: TurnSeconds | null;
  /** The rule set of every game of the clash. */
  rules: RuleSet;
  /** Paired by the quick-match queue: everyone has accepted, nobody is invited. */
  quickMatch: boolean;
  /**
   * Ids reserved in D1 for the players' games, in turn order (worker/db/clashes.ts `reserveClashIds`),
   * with `id` reserved too: no row exists yet. The room starts the clash with them at once and inserts
   * every row itself with its first index write. Absent: the Worker inserted the clash's rows.
   */
  gameIds?: number[];
  /** Opened by a challenge link or proposed as a rematch; absent: made on the create form or by the queue. */
  origin?: ClashOrigin;
}

/**
 * A challenge link's clash starts full: everyone took a seat, so everyone has accepted. A rematch is proposed
 * (the proposer accepted, the others invited), and its invitation is told as `rematch-proposed` instead.
 */
export type ClashOrigin = 'challenge' | 'rematch';

/** Who a socket of the room belongs to, kept as the connection's state (it survives hibernation). */
export interface ClashSocket {
  viewerId: number | null;
  /** The game a `/api/ws/games/{id}` socket watches; null on the clash's own socket. */
  gameId: number | null;
  /** When the viewer's access token was signed: a member's socket closes once such tokens end. */
  issuedAtMs?: number;
}

/** A member's access as the room keeps it; before the Worker first sent one, every token counts. */
export const accessOf = (record: Pick<ClashRecord, 'access'>, playerId: number): PlayerAccess =>
  record.access[String(playerId)] ?? OPEN_ACCESS;
