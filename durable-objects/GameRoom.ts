import { type Connection, type ConnectionContext, Server } from 'partyserver';
import { type DiceSource, type GameState, newGame, withRules } from '../game';
import { dayOf } from '../contract/daily';
import { database } from '../worker/db/client';
import { deleteGameRow, deleteUntouchedGameRow } from '../worker/db/games';
import { dailyFaces, dailyRollSource } from '../worker/lib/dailyDice';
import { writeRoomPoint } from '../worker/lib/dataPoints';
import { cryptoDiceSource } from '../game/dice';
import { toGameResource } from '../worker/lib/resources/game';
import { toReplayResource } from '../worker/lib/resources/replay';
import { entryOf } from '../game/replay';
import { ACCESS_ENDED } from '../worker/lib/viewer';
import { GameIndex } from './gameIndex';
import {
  type GameMeta,
  type GameRecord,
  type NewGame,
  OPEN_ACCESS,
  type PlayerAccess,
  type PutAway,
  refuse,
  type ReplayResult,
  type RoomAction,
  type RoomResult,
  type RoomViewer,
  type StoredBytes,
} from './gameRecord';
import { MoveLog } from './moveLog';
import { greeting } from './greeting';
import { answerPings } from './heartbeat';
import { Alarms, logRoomError } from './alarms';
import {
  gameMessage,
  laterAccess,
  nextUpdatedAt,
  playMove,
  refuseMover,
  socketCounts,
  socketViewer,
} from './roomKit';
import { eraseRoom, VersionedStore } from './roomStorage';
import { broadcastPerViewer, closeAll } from './broadcast';

interface Watcher {
  viewerId: number | null;
  /** When the viewer's access token was signed: the player's socket closes once such tokens end. */
  issuedAtMs?: number;
}

const GAME_KEY = 'game';
const ACCESS_KEY = 'player-access';
/** A daily game's day secret: kept apart from the record, which is rendered for clients. */
const DAILY_SECRET_KEY = 'daily-secret';

/**
 * One solo or daily game. Its SQLite-backed storage is the truth: every change is written there
 * (synchronously, through `storage.kv`) before anyone hears of it, and the D1 index follows after. Nothing
 * is cached in memory, so an evicted or restarted object picks up exactly where storage left it.
 *
 * RPC (called by worker/routes/games.ts on the stub): `create`, `renamePlayer`, `get`, `act`, `echo`,
 * `putAway` (a new game with other rules, worker/lib/currentGame.ts),
 * `deleteGame` (admins), `discardUntouched` (the sweep, worker/sweep.ts); `updateAccess`
 * (worker/auth/access.ts); `create` of a daily game (worker/routes/daily.ts); `visibleTo`
 * (worker/routes/live.ts). Their types are in gameRecord.ts.
 * Moments: `onConnect` greets a socket with the game, `onAlarm` brings the D1 index up to date.
 *
 * A daily game rolls the day's dice (worker/lib/dailyDice.ts) from the secret given at
 * creation, takes no undo, restart or archive, and is hidden from everyone but its player until its day
 * is over: its dice would tell the others what they are about to roll.
 */
export class GameRoom extends Server {
  static override options = { hibernate: true };

  readonly #alarms: Alarms<'index'>;
  readonly #index: GameIndex;
  readonly #store: VersionedStore<GameRecord>;
  readonly #moves: MoveLog;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    answerPings(ctx);
    this.#store = new VersionedStore<GameRecord>(ctx.storage.kv, GAME_KEY);
    this.#moves = new MoveLog(ctx.storage.kv);
    this.#alarms = new Alarms<'index'>(ctx.storage, logRoomError('GameRoom'));
    this.#index = new GameIndex(
      ctx.storage,
      this.#alarms.deadline('index'),
      () => database(this.env.DB),
      () => this.#load(),
    );
  }

  /** A round trip that does nothing: the benchmark's baseline for an RPC to this room. */
  echo(): 'echo' {
    return 'echo';
  }

  /**
   * Starts the game for its player with their access, or returns it when it already exists: creation is
   * retried safely, and a retry brings the access up to date like `updateAccess`.
   */
  create(init: NewGame): RoomResult {
    this.updateAccess(init.access);
    const record = this.#load();
    if (record) {
      if (record.meta.player.id !== init.playerId) return refuse(403, 'not-your-game');
      return this.#answer(init.playerId);
    }
    const meta: GameMeta = {
      id: init.id,
      player: { id: init.playerId, name: init.playerName },
      archived: false,
      createdAt: init.createdAt,
      updatedAt: init.createdAt,
      logged: true,
    };
    const created: GameRecord = init.daily
      ? { state: newGame('DAILY', init.rules), meta, version: 1, daily: { day: init.daily.day } }
      : { state: newGame('SOLO', init.rules), meta, version: 1 };
    if (init.daily) this.ctx.storage.kv.put(DAILY_SECRET_KEY, init.daily.secret);
    this.#store.put(created);
    // The Worker inserted the index row with exactly these values, so it is current from the start.
    this.#index.markCurrent(1);
    this.#broadcast(created);
    return this.#answer(init.playerId);
  }

  /**
   * The game's player now goes by `name`. The index has no names, so neither the version nor the
   * game's updatedAt moves: only the record and its watchers learn the new name.
   */
  renamePlayer(playerId: number, name: string): RoomResult {
    const record = this.#load();
    if (!record) return refuse(404, 'game-not-found');
    if (record.meta.player.id !== playerId) return refuse(403, 'not-your-game');
    if (record.meta.player.name !== name) {
      const renamed: GameRecord = { ...record, meta: { ...record.meta, player: { id: playerId, name } } };
      this.#store.put(renamed);
      this.#broadcast(renamed);
    }
    return this.#answer(playerId);
  }

  /**
   * The player's access changed. Tokens only ever end later, never earlier: of two updates crossing on
   * their way here, the later end wins. A ban is lifted only by the update that says so.
   */
  updateAccess(access: PlayerAccess) {
    const now = laterAccess(this.#access(), access);
    this.ctx.storage.kv.put<PlayerAccess>(ACCESS_KEY, now);
    // The player's sockets were let in with a token that no longer counts: they close, as their presence
    // channel does, and a reconnect meets the Worker's check of the new access.
    const playerId = this.#load()?.meta.player.id;
    for (const connection of this.getConnections<Watcher>()) {
      const watcher = connection.state;
      if (watcher && watcher.viewerId === playerId && !socketCounts(watcher.issuedAtMs, now))
        connection.close(ACCESS_ENDED, 'access-ended');
    }
  }

  /** The game as the viewer may see it; the player with a token that no longer counts is refused (401). */
  get(viewer: RoomViewer | null): RoomResult {
    const record = this.#load();
    if (record && this.#hiddenFrom(record, viewer?.playerId ?? null)) return refuse(404, 'game-not-found');
    if (
      record &&
      viewer?.playerId === record.meta.player.id &&
      !socketCounts(viewer.issuedAtMs, this.#access())
    )
      return refuse(401, 'token-expired');
    return this.#answer(viewer?.playerId ?? null);
  }

  /** Whether `viewerId` (null: anonymous) may see the game now: the Worker asks before opening a socket. */
  visibleTo(viewerId: number | null): boolean {
    const record = this.#load();
    return record !== null && !this.#hiddenFrom(record, viewerId);
  }

  /** One move by the player: the rules, then commit and broadcast; the D1 index follows (see gameIndex.ts). */
  async act(viewer: RoomViewer, action: RoomAction): Promise<RoomResult> {
    const dice = await this.#diceFor(action);
    const record = this.#load();
    if (!record || this.#hiddenFrom(record, viewer.playerId)) return refuse(404, 'game-not-found');
    if (dice.version !== undefined && dice.version !== record.version) return this.act(viewer, action);
    const refused = refuseMover(record.meta.player.id, this.#access(), viewer);
    if (refused) return refused;
    if (record.daily && (action.type === 'UNDO' || action.type === 'RESTART' || action.type === 'ARCHIVE'))
      return refuse(409, 'daily-game-locked');
    if (action.type === 'ARCHIVE') return this.#archive(record);
    if (record.meta.archived) return refuse(409, 'game-completed');
    const played = playMove(record.state, action, dice.source(record.state));
    if (!played.ok) return played;
    // Everything up to here is synchronous: no other call can interleave between reading the state
    // and storing its successor, so two racing fills of one box give one success and one refusal.
    const next = this.#commit(record, played.state, record.meta);
    // In the same run as the commit: the log's line is stored with the record, or neither is.
    const entry = entryOf(action, played.state);
    if (entry && record.meta.logged) this.#moves.record(record.meta.id, entry);
    else if (!entry) this.#moves.clear();
    this.#broadcast(next);
    writeRoomPoint(this.env, 'GameRoom', this.ctx.id.toString(), 'move');
    // The score is written before the player hears the game is over; a failure leaves it to the alarm.
    if (next.state.status === 'COMPLETED') await this.#index.sync();
    return {
      ok: true,
      game: toGameResource(next.state, next.meta, viewer.playerId, this.#replayShown(next)),
    };
  }

  /**
   * The game's moves (issue 30) for whoever may see the game, once it may be replayed (`#replayShown`):
   * otherwise 404 replay-not-available, for everyone, its player included, so a daily game's dice never
   * leak before its day is over.
   */
  replay(viewer: RoomViewer | null): ReplayResult {
    const record = this.#load();
    if (!record) return refuse(404, 'game-not-found');
    const viewerId = viewer?.playerId ?? null;
    if (this.#hiddenFrom(record, viewerId)) return refuse(404, 'game-not-found');
    if (viewer && viewerId === record.meta.player.id && !socketCounts(viewer.issuedAtMs, this.#access()))
      return refuse(401, 'token-expired');
    const { meta, state } = record;
    const turns = this.#replayShown(record) ? this.#moves.turns([{ id: meta.id, rules: state.rules }]) : null;
    if (!turns) return refuse(404, 'replay-not-available');
    const games = [{ id: meta.id, player: meta.player }];
    const source = { gameId: meta.id, type: state.type, rules: state.rules, games, turns };
    return { ok: true, replay: toReplayResource(source, viewerId) };
  }

  /** Local development and the browser tests only (worker/routes/dev.ts): a daily game's day becomes `day`. */
  moveDailyDay(day: string): RoomResult {
    const record = this.#load();
    if (!record?.daily) return refuse(404, 'game-not-found');
    this.#store.put({ ...record, daily: { day } });
    return this.#answer(record.meta.player.id);
  }

  /** Local development only (bench/replay-log.mjs): what the room stores, in bytes. */
  storedBytes(): StoredBytes {
    const record = this.#store.load();
    return {
      database: this.ctx.storage.sql.databaseSize,
      record: record ? JSON.stringify(record).length : 0,
      log: this.#moves.bytes(),
    };
  }

  /**
   * The player's current solo game makes way for a new one with other rules (PUT /api/games/,
   * worker/lib/currentGame.ts): a completed game is archived; one nobody moved in is discarded, as the
   * sweep would; one in progress only when the player said `replace`: archived unfinished, it keeps no
   * score. Otherwise 409 game-in-progress. Waits for the D1 index, so that the next game can be made.
   */
  async putAway(playerId: number, replace: boolean): Promise<PutAway> {
    const record = this.#load();
    if (!record) return refuse(404, 'game-not-found');
    if (record.meta.player.id !== playerId) return refuse(403, 'not-your-game');
    if (record.daily) return refuse(409, 'daily-game-locked');
    if (record.state.status === 'IN_PROGRESS' && !record.meta.archived) {
      if (record.meta.updatedAt === record.meta.createdAt) {
        const discarded = await this.discardUntouched(record.meta.id);
        return discarded ? { ok: true, discarded } : refuse(503, 'service-unavailable');
      }
      if (!replace) return refuse(409, 'game-in-progress');
    }
    const archived = await this.#archive(record, true);
    return archived.ok ? { ok: true, discarded: false } : archived;
  }

  /**
   * An admin deletes game `gameId`: its D1 row (its score goes with it), then this room's storage and
   * alarm, so the write-behind index can't bring the row back; open sockets hear `game: null` and close.
   * Nothing else runs in between, so no move lands on a game half deleted.
   */
  async deleteGame(gameId: number): Promise<{ ok: true } | { ok: false; status: 404 | 503; key: string }> {
    const erased = await eraseRoom(this.ctx, {
      hold: () => ({ ok: true as const, held: this.#load() !== null }),
      deleteRows: () => deleteGameRow(database(this.env.DB), gameId),
      log: logRoomError('GameRoom'),
    });
    if (!erased.ok) return { ok: false, status: 503, key: 'service-unavailable' };
    if (!erased.held && !erased.rows) return { ok: false, status: 404, key: 'game-not-found' };
    closeAll(this.getConnections(), this.#message(null, null), 'game-deleted');
    return { ok: true };
  }

  /**
   * The sweep (worker/sweep.ts) discards game `gameId` when nobody has moved in it: its D1 row (only while
   * the row says so too), then this room's storage and alarm. A game with a move is kept whatever its row
   * says, since the row may not have had the write-behind write yet. True when the game is gone.
   */
  async discardUntouched(gameId: number): Promise<boolean> {
    const erased = await eraseRoom(this.ctx, {
      hold: () => {
        const record = this.#load();
        if (record && record.meta.updatedAt !== record.meta.createdAt) return refuse(409, 'game-moved');
        return { ok: true as const, held: record !== null };
      },
      deleteRows: () => deleteUntouchedGameRow(database(this.env.DB), gameId),
      log: logRoomError('GameRoom'),
    });
    if (!erased.ok) return false;
    closeAll(this.getConnections(), this.#message(null, null), 'game-deleted');
    return true;
  }

  override onConnect(connection: Connection<Watcher>, ctx: ConnectionContext) {
    const watcher = socketViewer(ctx.request);
    const { viewerId } = watcher;
    writeRoomPoint(this.env, 'GameRoom', this.ctx.id.toString(), 'socket-open');
    // Connection state is the socket's attachment, so it survives hibernation.
    connection.setState(watcher);
    const record = this.#load();
    // The Worker read the access before a ban or a sign-out that reached this room first.
    if (record && viewerId === record.meta.player.id && !socketCounts(watcher.issuedAtMs, this.#access())) {
      connection.close(ACCESS_ENDED, 'access-ended');
      return;
    }
    // The Worker asked `visibleTo` first; a day that ended in between only makes the game visible.
    if (record && this.#hiddenFrom(record, viewerId)) {
      connection.send(greeting(this.#message(null, null)));
      connection.close(1008, 'game-not-found');
      return;
    }
    connection.send(greeting(this.#message(record, viewerId)));
  }

  /**
   * Scheduled in the same storage write as the change that made the index stale, so the index
   * converges even if the object is evicted or restarted before D1 has it and no one acts again.
   */
  override async onAlarm() {
    writeRoomPoint(this.env, 'GameRoom', this.ctx.id.toString(), 'alarm');
    this.#alarms.due();
    await this.#index.sync();
  }

  /** Puts a completed game away (or, `unfinished`, any game) and waits for the index to say so. */
  async #archive(record: GameRecord, unfinished = false): Promise<RoomResult> {
    if (record.state.status !== 'COMPLETED' && !unfinished) return refuse(409, 'game-not-completed');
    if (!record.meta.archived) {
      const archived = this.#commit(record, record.state, { ...record.meta, archived: true });
      this.#broadcast(archived);
    }
    // The player's next game can only be created once the index stops listing this one as current,
    // so archive waits for D1; archiving again is harmless and retries the write.
    if (!(await this.#index.sync())) return refuse(503, 'service-unavailable');
    return this.#answer(record.meta.player.id);
  }

  /**
   * Whether the game's replay may be shown: it kept its moves from the start, and it is over: a solo game
   * completed or put away, a daily game once its day is over (its dice are everyone's that day).
   */
  #replayShown(record: GameRecord): boolean {
    if (!record.meta.logged) return false;
    if (record.daily) return record.daily.day < dayOf(Date.now());
    return record.state.status === 'COMPLETED' || record.meta.archived;
  }

  /** A daily game is its player's alone until its day is over. */
  #hiddenFrom(record: GameRecord, viewerId: number | null): boolean {
    return !!record.daily && viewerId !== record.meta.player.id && record.daily.day >= dayOf(Date.now());
  }

  /**
   * The dice of `action`. A daily roll's faces come from the day's secret through crypto.subtle, which is
   * asynchronous: other calls may run while it computes, so they are drawn for the stored `version`, and
   * the caller draws again when another move stored a newer one meanwhile.
   */
  async #diceFor(
    action: RoomAction,
  ): Promise<{ version?: number; source: (state: GameState) => DiceSource }> {
    const secret = this.ctx.storage.kv.get<string>(DAILY_SECRET_KEY);
    const before = this.#load();
    if (action.type !== 'ROLL' || secret === undefined || !before) return { source: () => cryptoDiceSource };
    const faces = await dailyFaces(secret, before.state);
    return {
      version: before.version,
      source: (state) => dailyRollSource(faces, state, action.diceToRoll),
    };
  }

  #load(): GameRecord | null {
    const record = this.#store.load();
    return record && { ...record, state: withRules(record.state) };
  }

  #access(): PlayerAccess {
    return this.ctx.storage.kv.get<PlayerAccess>(ACCESS_KEY) ?? OPEN_ACCESS;
  }

  /** The stored game as `viewerId` may see it. */
  #answer(viewerId: number | null): RoomResult {
    const record = this.#load();
    if (!record) return refuse(404, 'game-not-found');
    return { ok: true, game: toGameResource(record.state, record.meta, viewerId, this.#replayShown(record)) };
  }

  /** Stores the successor of `record` (next version, later updatedAt); the caller broadcasts it. */
  #commit(record: GameRecord, state: GameState, meta: GameMeta): GameRecord {
    const updatedAt = nextUpdatedAt(record.meta.updatedAt);
    return this.#store.commit(record, { ...record, state, meta: { ...meta, updatedAt } }, this.#index);
  }

  /**
   * Each socket gets the game as its viewer may see it: the player's tabs with links, watchers without.
   * Called after the record is stored: the runtime's output gate also holds the sends until the write
   * is durable, so no one ever sees a state that a restart could take back.
   */
  #broadcast(record: GameRecord) {
    const playerId = record.meta.player.id;
    broadcastPerViewer(
      this.getConnections<Watcher>(),
      (connection) => (connection.state?.viewerId === playerId ? playerId : null),
      (viewerId) => this.#message(record, viewerId),
    );
  }

  #message(record: GameRecord | null, viewerId: number | null): string {
    const replay = record !== null && this.#replayShown(record);
    return gameMessage(record ? toGameResource(record.state, record.meta, viewerId, replay) : null);
  }
}
