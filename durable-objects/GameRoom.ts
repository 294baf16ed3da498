import { type Connection, type ConnectionContext, Server } from 'partyserver';
import { applyMove, type GameMove, type GameState, newGame, RuleError } from '../game';
import { type GameMessage, type GameResource } from '../contract/games';
import { database } from '../worker/db/client';
import { cryptoDiceSource } from '../worker/lib/dice';
import { type GameMeta, toGameResource } from '../worker/lib/resources/game';
import { VIEWER_HEADER, viewerFrom } from '../worker/lib/viewer';
import { GameIndex } from './gameIndex';
import { answerPings } from './heartbeat';

/** A move the game's player asks for (the Worker has validated its shape), or putting a finished game away. */
export type RoomAction = GameMove | { type: 'ARCHIVE' };

/** RPC answers are values, not exceptions: an error thrown across RPC loses its class and its key. */
export type RoomResult =
  | { ok: true; game: GameResource }
  | { ok: false; status: RefusalStatus; key: string };
type RefusalStatus = 401 | 403 | 404 | 409 | 503;

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

export interface NewGame {
  id: number;
  playerId: number;
  playerName: string;
  /** The index row's creation time, so the room and the index agree. */
  createdAt: number;
  access: PlayerAccess;
}

export interface GameRecord {
  state: GameState;
  meta: GameMeta;
  /** Bumped by every change; the D1 index (gameIndex.ts) is current when it has written the same number. */
  version: number;
}

interface Watcher {
  viewerId: number | null;
}

const GAME_KEY = 'game';
const ACCESS_KEY = 'player-access';

const refuse = (status: RefusalStatus, key: string): RoomResult => ({ ok: false, status, key });

/**
 * One solo game. Its SQLite-backed storage is the truth: every change is written there (synchronously,
 * through `storage.kv`) before anyone hears of it, and the D1 index follows after. Nothing is cached
 * in memory, so an evicted or restarted object picks up exactly where storage left it.
 *
 * RPC (called by worker/routes/games.ts on the stub): `create`, `get`, `act`, `echo`; `updateAccess`
 * (worker/auth/access.ts).
 * Moments: `onConnect` greets a socket with the game, `onAlarm` brings the D1 index up to date.
 */
export class GameRoom extends Server {
  static override options = { hibernate: true };

  readonly #index: GameIndex;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    answerPings(ctx);
    this.#index = new GameIndex(ctx.storage, () => database(this.env.DB), () => this.#load());
  }

  /** A round trip that does nothing: the benchmark's baseline for an RPC to this room. */
  echo(): 'echo' {
    return 'echo';
  }

  /** Starts the game for its player, or returns it when it already exists (creation is retried safely). */
  create(init: NewGame): RoomResult {
    this.updateAccess(init.access);
    const record = this.#load();
    if (record) {
      if (record.meta.player.id !== init.playerId) return refuse(403, 'not-your-game');
      // A renamed player gets their new name on the next "current game" call; the index has no names.
      if (record.meta.player.name !== init.playerName) {
        this.#persist({
          ...record,
          meta: { ...record.meta, player: { id: init.playerId, name: init.playerName } },
        });
      }
      return this.#answer(init.playerId);
    }
    const meta: GameMeta = {
      id: init.id,
      player: { id: init.playerId, name: init.playerName },
      archived: false,
      createdAt: init.createdAt,
      updatedAt: init.createdAt,
    };
    // The Worker inserted the index row with exactly these values, so it is current from the start.
    this.#persist({ state: newGame('SOLO'), meta, version: 1 });
    this.#index.markCurrent(1);
    return this.#answer(init.playerId);
  }

  /**
   * The player's access changed. Tokens only ever end later, never earlier: of two updates crossing on
   * their way here, the later end wins. A ban is lifted only by the update that says so.
   */
  updateAccess(access: PlayerAccess) {
    const known = this.#access();
    this.ctx.storage.kv.put<PlayerAccess>(ACCESS_KEY, {
      tokensValidAfter: Math.max(known.tokensValidAfter, access.tokensValidAfter),
      banned: access.banned,
    });
  }

  /** The game as the viewer may see it; the player with a token that no longer counts is refused (401). */
  get(viewer: RoomViewer | null): RoomResult {
    const record = this.#load();
    if (record && viewer?.playerId === record.meta.player.id && !this.#counts(viewer))
      return refuse(401, 'token-expired');
    return this.#answer(viewer?.playerId ?? null);
  }

  /** One move by the player: the rules, then persist and broadcast; the D1 index follows (see gameIndex.ts). */
  async act(viewer: RoomViewer, action: RoomAction): Promise<RoomResult> {
    const record = this.#load();
    if (!record) return refuse(404, 'game-not-found');
    if (viewer.playerId !== record.meta.player.id) return refuse(403, 'not-your-game');
    if (!this.#counts(viewer)) return refuse(401, 'token-expired');
    if (this.#access().banned) return refuse(403, 'player-banned');
    if (action.type === 'ARCHIVE') return this.#archive(record);
    if (record.meta.archived) return refuse(409, 'game-completed');
    let state: GameState;
    try {
      state = applyMove(record.state, action, cryptoDiceSource);
    } catch (error) {
      if (error instanceof RuleError) return refuse(409, error.key);
      throw error;
    }
    // Everything up to here is synchronous: no other call can interleave between reading the state
    // and storing its successor, so two racing fills of one box give one success and one refusal.
    const next = this.#commit(record, state, record.meta);
    // The score is written before the player hears the game is over; a failure leaves it to the alarm.
    if (next.state.status === 'COMPLETED') await this.#index.sync();
    return { ok: true, game: toGameResource(next.state, next.meta, viewer.playerId) };
  }

  override onConnect(connection: Connection<Watcher>, ctx: ConnectionContext) {
    const viewerId = viewerFrom(ctx.request.headers.get(VIEWER_HEADER));
    // Connection state is the socket's attachment, so it survives hibernation.
    connection.setState({ viewerId });
    const record = this.#load();
    connection.send(this.#message(record, viewerId));
  }

  /**
   * Scheduled in the same storage write as the change that made the index stale, so the index
   * converges even if the object is evicted or restarted before D1 has it and no one acts again.
   */
  override async onAlarm() {
    await this.#index.sync();
  }

  async #archive(record: GameRecord): Promise<RoomResult> {
    if (record.state.status !== 'COMPLETED') return refuse(409, 'game-not-completed');
    if (!record.meta.archived) this.#commit(record, record.state, { ...record.meta, archived: true });
    // The player's next game can only be created once the index stops listing this one as current,
    // so archive waits for D1; archiving again is harmless and retries the write.
    if (!(await this.#index.sync())) return refuse(503, 'service-unavailable');
    return this.#answer(record.meta.player.id);
  }

  #load(): GameRecord | null {
    return this.ctx.storage.kv.get<GameRecord>(GAME_KEY) ?? null;
  }

  #access(): PlayerAccess {
    return this.ctx.storage.kv.get<PlayerAccess>(ACCESS_KEY) ?? { tokensValidAfter: 0, banned: false };
  }

  /** True when the viewer's token was signed after the player's tokens were last ended. */
  #counts(viewer: RoomViewer): boolean {
    return viewer.issuedAtMs >= this.#access().tokensValidAfter;
  }

  #answer(viewerId: number | null): RoomResult {
    const record = this.#load();
    if (!record) return refuse(404, 'game-not-found');
    return { ok: true, game: toGameResource(record.state, record.meta, viewerId) };
  }

  #commit(record: GameRecord, state: GameState, meta: GameMeta): GameRecord {
    const wasIndexed = this.#index.isCurrent(record.version);
    // Strictly increasing, so a client can tell the newer of two messages by updatedAt alone.
    const updatedAt = Math.max(Date.now(), record.meta.updatedAt + 1);
    const next: GameRecord = { state, meta: { ...meta, updatedAt }, version: record.version + 1 };
    this.#persist(next);
    // Synchronous storage calls made together commit together: the alarm is stored with the state.
    // A stale index already has an alarm pending, and rescheduling it on every move would starve it.
    if (wasIndexed) this.#index.schedule();
    return next;
  }

  /**
   * Storage first, then the sockets. The runtime's output gate also holds the sends until the write
   * is durable, so no one ever sees a state that a restart could take back.
   */
  #persist(record: GameRecord) {
    this.ctx.storage.kv.put(GAME_KEY, record);
    this.#broadcast(record);
  }

  /** Each socket gets the game as its viewer may see it: the player's tabs with links, watchers without. */
  #broadcast(record: GameRecord) {
    const rendered = new Map<number | null, string>();
    for (const connection of this.getConnections<Watcher>()) {
      const viewerId = connection.state?.viewerId === record.meta.player.id ? record.meta.player.id : null;
      let text = rendered.get(viewerId);
      if (text === undefined) {
        text = this.#message(record, viewerId);
        rendered.set(viewerId, text);
      }
      try {
        connection.send(text);
      } catch {
        // A socket closing under us; its close handler cleans up.
      }
    }
  }

  #message(record: GameRecord | null, viewerId: number | null): string {
    const message: GameMessage = {
      type: 'GAME',
      game: record ? toGameResource(record.state, record.meta, viewerId) : null,
    };
    return JSON.stringify(message);
  }
}
