import { type Connection, type ConnectionContext, Server, type WSMessage } from 'partyserver';
import type { ClashServerMessage } from '../contract/clashes';
import { ended, settledGames } from '../game';
import { clashGameRows, deleteClashRows } from '../worker/db/clashes';
import { database } from '../worker/db/client';
import { cryptoDiceSource } from '../worker/lib/dice';
import { toClashResource } from '../worker/lib/resources/clashes';
import { ACCESS_ENDED, tokenCounts } from '../worker/lib/viewer';
import { Alarms, logRoomError } from './alarms';
import { BOT_PAUSE_MS, botAction } from './clashBot';
import { type ClashChange, type ClashEvent, type ClashOutcome, isRefused } from './clashChange';
import { broadcastPerViewer } from './broadcast';
import { type ClashDeadline, followClock } from './clashClock';
import { said } from './clashChat';
import { ClashIndex } from './clashIndex';
import * as lobby from './clashLobby';
import { cameBack, tellClash } from './clashNotices';
import * as play from './clashPlay';
import {
  type ClashRecord,
  type ClashRefused,
  type ClashResult,
  type ClashSocket,
  type NewClash,
  type NewClashPlayer,
  refuseClash,
} from './clashRecord';
import * as sockets from './clashSockets';
import {
  type PlayerAccess,
  type Refusal,
  refuse,
  type RoomAction,
  type RoomResult,
  type RoomViewer,
} from './gameRecord';
import { greeting } from './greeting';
import { answerPings } from './heartbeat';
import { closeAll, eraseRoom, nextUpdatedAt, OPEN_ACCESS, socketCounts, VersionedStore } from './roomKit';

const CLASH_KEY = 'clash';
/** When the player last sent a reaction or suggestion, from any of their tabs. */
const saidKey = (playerId: number) => `said-${playerId}`;
/** Set with a clash's completion until everyone is told of it, which waits for D1 to have it. */
const COMPLETION_UNTOLD_KEY = 'completion-untold';
/** A start that D1 refused is tried again after this long, if nobody asks before. */
const START_RETRY_MS = 10_000;
const log = logRoomError('ClashRoom');

/**
 * One clash: its lobby, its turns and every game of it, so turn order is enforced inside one object. A
 * dispatcher: each call and moment asks a pure collaborator for the change (clashLobby.ts before the start,
 * clashPlay.ts after it, clashChat.ts for what members say) and `#apply` carries it out in one step. Like
 * GameRoom, its SQLite-backed storage is the truth: each change is stored (synchronously) before anyone hears
 * of it, the D1 index follows (clashIndex.ts), and a notification (clashNotices.ts) starts only after both.
 *
 * RPC (worker/routes/clashes.ts, games.ts, live.ts; types in clashRecord.ts): `create`, `get`, `accept`,
 * `decline`, `add`, `remove`, `resign`, `pass`, `deleteClash`, `adminDelete`, `updateAccess`; for the games,
 * `getGame` and `actOnGame`. Moments: `onConnect`, `onMessage`, `onAlarm`.
 */
export class ClashRoom extends Server {
  static override options = { hibernate: true };

  readonly #alarms: Alarms<ClashDeadline>;
  readonly #store: VersionedStore<ClashRecord>;
  readonly #index: ClashIndex;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    answerPings(ctx);
    this.#alarms = new Alarms<ClashDeadline>(ctx.storage, log);
    this.#store = new VersionedStore<ClashRecord>(ctx.storage.kv, CLASH_KEY);
    const db = () => database(this.env.DB);
    this.#index = new ClashIndex(ctx.storage, this.#alarms.deadline('index'), db, () => this.#load());
  }

  /**
   * Starts holding the clash the Worker inserted into D1 (the owner accepted, the others invited), or
   * answers it when it is held already: creation is retried safely. Invitations go out the first time.
   */
  async create(init: NewClash): Promise<ClashResult> {
    if (this.#load()) return this.#answer(init.owner.id);
    if (init.gameIds && init.gameIds.length !== init.players.length)
      throw new Error('a reserved game id for each player');
    const record = lobby.newClashRecord(init);
    this.#store.put(record);
    // The Worker inserted the index rows with exactly these values, so it is current from the start;
    // with reserved ids, no row exists yet and the first index write inserts them.
    if (!init.gameIds) this.#index.markCurrent(1);
    this.#alarms.set('expire', lobby.expiresAt(record));
    if (!init.quickMatch) this.#tell(record, [{ type: 'invited', players: init.players.slice(1) }]);
    // Against the bot alone, or quick-matched, everyone has accepted already.
    return (await this.#start(init.gameIds)) ?? this.#answer(init.owner.id);
  }

  /** The clash as the viewer may see it (clashLobby.ts `refuseView`). A start that D1 refused is retried here. */
  async get(viewerId: number | null): Promise<ClashResult> {
    if (lobby.readyToStart(this.#load())) await this.#start();
    return lobby.refuseView(this.#load(), viewerId) ?? this.#answer(viewerId);
  }

  /** Local development and the browser tests only (worker/routes/dev.ts): the turn on runs out in `seconds`. */
  shortenTurn(seconds: number): Promise<ClashResult> {
    return this.#run(play.shortened(this.#load(), seconds, Date.now()), null);
  }

  // RPC is served from the prototype: these are methods, not arrow-function fields.
  accept(playerId: number) {
    return this.#run(lobby.accepted(this.#load(), playerId), playerId, true);
  }
  decline(playerId: number) {
    return this.#run(lobby.declined(this.#load(), playerId), playerId, true);
  }
  add(ownerId: number, invited: NewClashPlayer[]) {
    return this.#run(lobby.added(this.#load(), ownerId, invited), ownerId, true);
  }
  remove(ownerId: number, playerIds: number[]) {
    return this.#run(lobby.removed(this.#load(), ownerId, playerIds), ownerId, true);
  }
  resign(playerId: number) {
    return this.#run(play.resigned(this.#load(), playerId), playerId);
  }
  pass(playerId: number) {
    return this.#run(play.passed(this.#load(), playerId, Date.now()), playerId);
  }

  /** A player's access changed (worker/auth/access.ts `pushAccess`); tokens only ever end later. */
  updateAccess(playerId: number, access: PlayerAccess) {
    const record = this.#load();
    const known = record?.access[String(playerId)];
    if (!record || !known) return;
    const now = {
      tokensValidAfter: Math.max(known.tokensValidAfter, access.tokensValidAfter),
      banned: access.banned,
    };
    this.#store.put({ ...record, access: { ...record.access, [playerId]: now } });
    // Their sockets were let in with a token that no longer counts: they close, so a reaction sent over
    // one reaches nobody, and a reconnect meets the Worker's check of the new access.
    for (const connection of this.getConnections<ClashSocket>(sockets.playerTag(playerId)))
      if (!socketCounts(connection.state?.issuedAtMs, now)) connection.close(ACCESS_ENDED, 'access-ended');
  }

  /** The owner deletes the pending clash; the others are told. */
  async deleteClash(ownerId: number): Promise<ClashResult> {
    const refused = lobby.refuseManage(this.#load(), ownerId);
    if (refused) return refused;
    const erased = await this.#erase(() => lobby.refuseManage(this.#load(), ownerId));
    if (!erased.ok) return erased;
    const { clash } = erased.held;
    this.#tell(erased.held, [
      { type: 'deleted', by: clash.owner.name, players: clash.players.filter((p) => p.id !== ownerId) },
    ]);
    return { ok: true, clash: toClashResource(clash, ownerId, Date.now()) };
  }

  /** An admin deletes the clash at any status, its games and their scores with it; everyone is told. */
  async adminDelete(adminName: string): Promise<ClashResult> {
    const erased = await this.#erase(() => null);
    if (!erased.ok) return erased;
    this.#tell(erased.held, [{ type: 'deleted', by: adminName, players: erased.held.clash.players }]);
    return { ok: true, clash: toClashResource(erased.held.clash, null, Date.now()) };
  }

  /** Its D1 rows (the clash's cascade), then its storage; open sockets hear `clash: null` and close. */
  async #erase(refused: () => ClashRefused | null) {
    const erased = await eraseRoom(this.ctx, {
      hold: () => {
        const record = this.#load();
        if (!record) return refuseClash(404, 'clash-not-found');
        return refused() ?? { ok: true as const, held: record };
      },
      deleteRows: (record) => deleteClashRows(database(this.env.DB), record.clash.id),
      log,
    });
    if (erased.ok) closeAll(this.getConnections(), sockets.clashMessage(null, null), 'clash-deleted');
    return erased;
  }

  /** A game of the clash as the viewer may see it; its player with a token that no longer counts gets 401. */
  getGame(gameId: number, viewer: RoomViewer | null): RoomResult {
    const record = this.#load();
    const game = record?.games[String(gameId)];
    if (!record || !game) return refuse(404, 'game-not-found');
    const access = record.access[String(game.meta.player.id)] ?? OPEN_ACCESS;
    if (viewer?.playerId === game.meta.player.id && !tokenCounts(viewer.issuedAtMs, access))
      return refuse(401, 'token-expired');
    return { ok: true, game: sockets.clashGameResource(record, game, viewer?.playerId ?? null) };
  }

  /** One move on a clash game by its player on turn. Read, check and store are one synchronous run. */
  actOnGame(gameId: number, viewer: RoomViewer, action: RoomAction): Promise<RoomResult> {
    return this.#playOn(
      play.moved(this.#load(), gameId, viewer, action, cryptoDiceSource),
      gameId,
      viewer.playerId,
    );
  }

  async #playOn(outcome: ClashChange | Refusal, gameId: number, viewerId: number): Promise<RoomResult> {
    const record = this.#load();
    if ('ok' in outcome) return outcome;
    if (!record) return refuse(404, 'game-not-found');
    const next = await this.#apply(record, outcome);
    const game = next.games[String(gameId)];
    return game
      ? { ok: true, game: sockets.clashGameResource(next, game, viewerId) }
      : refuse(404, 'game-not-found');
  }

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    return sockets.socketTags(ctx);
  }

  /** worker/routes/live.ts let the socket in; it is greeted with the current clash, or its game. */
  override onConnect(connection: Connection<ClashSocket>, ctx: ConnectionContext) {
    const socket = sockets.socketOf(ctx.request);
    connection.setState(socket);
    const record = this.#load();
    // The Worker read the access before a ban or a sign-out that reached this room first.
    const access = record && socket.viewerId !== null ? record.access[String(socket.viewerId)] : undefined;
    if (access && !socketCounts(socket.issuedAtMs, access))
      return connection.close(ACCESS_ENDED, 'access-ended');
    if (socket.viewerId !== null) cameBack(this.ctx.storage.kv, socket.viewerId);
    const { viewerId, gameId } = socket;
    const message =
      gameId === null
        ? sockets.clashMessage(record, viewerId)
        : sockets.clashGameMessage(record, gameId, viewerId);
    connection.send(greeting(message));
  }

  /** A member's reaction or suggestion, to every clash socket; a refusal, to the sending socket only. */
  override onMessage(connection: Connection<ClashSocket>, message: WSMessage) {
    const kv = this.ctx.storage.kv;
    const now = Date.now();
    const out = said(this.#load(), connection.state, message, (id) => kv.get<number>(saidKey(id)) ?? 0, now);
    if ('error' in out)
      return connection.send(JSON.stringify({ type: 'ERROR', key: out.error } satisfies ClashServerMessage));
    kv.put(saidKey(out.memberId), now);
    broadcastPerViewer(
      this.getConnections(sockets.CLASH_TAG),
      () => null,
      () => out.text,
    );
  }

  override async onAlarm() {
    const due = this.#alarms.due();
    const now = Date.now();
    if (due.includes('expire')) await this.#run(lobby.expired(this.#load()), null);
    if (due.includes('start')) await this.#start();
    if (due.includes('bot')) await this.#botMove();
    if (due.includes('turn')) await this.#run(play.timedOut(this.#load(), now), null);
    const record = this.#load();
    const warning = due.includes('warn') ? play.warning(record, now) : null;
    if (record && warning) this.#tell(record, [warning]);
    // The player on turn stalled: every open tab gets the clash again, with its pass link.
    if (record && due.includes('stall') && play.stalled(record, now)) this.#broadcast(record);
    if (await this.#index.sync()) this.#tellCompletion();
  }

  /** The bot's next action, when its alarm fires and it is still on turn. */
  async #botMove() {
    const game = play.botGame(this.#load());
    const record = this.#load();
    if (!game || !record) return;
    const move = botAction(game.state, (error) => log('bot-advice', error));
    const played = await this.#playOn(
      play.played(record, game.meta.id, move, cryptoDiceSource),
      game.meta.id,
      game.meta.player.id,
    );
    if (!played.ok) log('bot-move', played.key);
  }

  /** Applies a collaborator's outcome, then answers `viewerId`; a lobby change may start the clash. */
  async #run(
    outcome: ClashOutcome | null,
    viewerId: number | null,
    lobbyChange = false,
  ): Promise<ClashResult> {
    if (outcome && isRefused(outcome)) return outcome;
    const record = this.#load();
    if (outcome && record) await this.#apply(record, outcome);
    return (lobbyChange ? await this.#start() : null) ?? this.#answer(viewerId);
  }

  /** Stores the change, then tells everyone: sockets, the D1 index, the notices, the one now on turn. */
  async #apply(record: ClashRecord, change: ClashChange): Promise<ClashRecord> {
    return this.#publish(record, this.#commit(record, change), change);
  }

  /**
   * Stores the successor of `record` (next version, later updatedAt, its games settled once it ended) with
   * its deadlines and, when the index was current, the alarm that brings it up to date: one synchronous run.
   */
  #commit(record: ClashRecord, change: ClashChange): ClashRecord {
    const clash = { ...change.clash, updatedAt: nextUpdatedAt(record.clash.updatedAt) };
    const games = settledGames(clash, change.games ?? record.games);
    const next = this.#store.commit(
      record,
      { clash, games, access: change.access ?? record.access },
      this.#index,
    );
    followClock(this.#alarms, record.clash, next.clash, Date.now());
    if (ended(next.clash) && !ended(record.clash)) this.ctx.storage.kv.put(COMPLETION_UNTOLD_KEY, true);
    return next;
  }

  async #publish(record: ClashRecord, next: ClashRecord, change: ClashChange): Promise<ClashRecord> {
    // A pending clash is for its players' eyes only: the sockets of those who left close.
    for (const id of change.left ?? [])
      for (const connection of this.getConnections<ClashSocket>(sockets.playerTag(id)))
        if (connection.state?.gameId === null) connection.close(1000, 'not-clash-member');
    if (change.moved !== undefined) {
      const onTurnGame = next.clash.players[next.clash.turn]?.gameId;
      for (const gameId of new Set([change.moved, ...(onTurnGame ? [onTurnGame] : [])]))
        sockets.broadcastGame(this.getConnections<ClashSocket>(sockets.gameTag(gameId)), next, gameId);
    }
    this.#broadcast(next);
    // The end is told once D1 has it (and the ratings it brings): now, or by the alarm that retries the write.
    if ((change.published || ended(next.clash)) && (await this.#index.sync())) this.#tellCompletion();
    const turnMoved =
      change.turnBegan ||
      (change.moved !== undefined &&
        (next.clash.turn !== record.clash.turn || play.botOnTurn(next) !== null));
    this.#tell(next, [
      ...(change.events ?? []),
      ...(turnMoved && !ended(next.clash) ? this.#turnEvents(next) : []),
    ]);
    return next;
  }

  /** The one on turn is told (clashNotices.ts decides whether); the bot acts after a pause instead. */
  #turnEvents(record: ClashRecord): ClashEvent[] {
    const player =
      record.clash.status === 'IN_PROGRESS' ? record.clash.players[record.clash.turn] : undefined;
    if (!player) return [];
    if (!player.bot) return [{ type: 'your-turn', player }];
    this.#alarms.set('bot', Date.now() + BOT_PAUSE_MS);
    return [];
  }

  /**
   * Starts the clash when every remaining player has accepted: one D1 games row per player (found first,
   * so a retry after a crash reuses them; or ids reserved for them, whose rows the index inserts), then the
   * record IN_PROGRESS. Nothing else runs in between, so a racing accept or GET cannot start it twice.
   * Answers 503 when D1 refused (the alarm retries).
   */
  async #start(reservedGameIds?: number[]): Promise<ClashResult | null> {
    if (!lobby.readyToStart(this.#load())) return null;
    const outcome = await this.ctx.blockConcurrencyWhile(async () => {
      const record = this.#load();
      if (!lobby.readyToStart(record)) return null;
      const now = Date.now();
      const { players, id } = record.clash;
      try {
        const rows = reservedGameIds
          ? players.map((p, i) => ({ id: reservedGameIds[i] ?? 0, playerId: p.id, createdAt: now }))
          : await clashGameRows(database(this.env.DB), id, players, now);
        const change = lobby.started(record, rows, now);
        return { record, change, next: this.#commit(record, change) };
      } catch (error) {
        // Thrown out of blockConcurrencyWhile, an error would reset the object: answer it instead.
        log('start', error);
        this.#alarms.set('start', now + START_RETRY_MS);
        return 'failed' as const;
      }
    });
    if (outcome === 'failed') return refuseClash(503, 'service-unavailable');
    if (!outcome) return null;
    if (outcome.next.clash.quickMatch) this.#tell(outcome.next, [{ type: 'matched' }]);
    await this.#publish(outcome.record, outcome.next, outcome.change);
    return null;
  }

  /** Everyone hears the clash ended, once: the check and the clearing run with nothing in between. */
  #tellCompletion() {
    const record = this.#load();
    if (!record || !this.ctx.storage.kv.get<boolean>(COMPLETION_UNTOLD_KEY)) return;
    this.ctx.storage.kv.delete(COMPLETION_UNTOLD_KEY);
    this.#tell(record, [{ type: 'ended' }]);
  }

  #broadcast(record: ClashRecord) {
    sockets.broadcastClash(this.getConnections<ClashSocket>(sockets.CLASH_TAG), record);
  }

  /** Who is told of `events`, and how, is clashNotices.ts's to decide. */
  #tell(record: ClashRecord, events: ClashEvent[]) {
    if (events.length === 0) return;
    const present = (playerId: number) => {
      for (const _open of this.getConnections(sockets.playerTag(playerId))) return true;
      return false;
    };
    tellClash({ env: this.env, kv: this.ctx.storage.kv, log, record, events, present });
  }

  #load(): ClashRecord | null {
    return this.#store.load();
  }

  #answer(viewerId: number | null): ClashResult {
    const record = this.#load();
    if (!record) return refuseClash(404, 'clash-not-found');
    return { ok: true, clash: toClashResource(record.clash, viewerId, Date.now()) };
  }
}
