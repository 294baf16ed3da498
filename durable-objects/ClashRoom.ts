import { type Connection, type ConnectionContext, Server, type WSMessage } from 'partyserver';
import type { ClashServerMessage } from '../contract/clashes';
import { ended, withRules } from '../game';
import { deleteClashRows } from '../worker/db/clashes';
import { database } from '../worker/db/client';
import { writeRoomPoint } from '../worker/lib/dataPoints';
import { cryptoDiceSource } from '../game/dice';
import { toClashResource } from '../worker/lib/resources/clashes';
import { logRoomError } from './alarms';
import { BOT_PAUSE_MS, botAction } from './clashBot';
import { type ClashChange, type ClashEvent, type ClashOutcome, isRefused } from './clashChange';
import { ClashBlocks, deafTo, logFor } from './clashBlocks';
import { said } from './clashChat';
import { ClashLog } from './clashLog';
import { MoveLog } from './moveLog';
import { ClashRematch } from './clashRematch';
import { moreTimeGiven } from './clashMoreTime';
import * as lobby from './clashLobby';
import { cameBack, tellClash } from './clashNotices';
import * as play from './clashPlay';
import type {
  ClashRecord,
  ClashRefused,
  ClashResult,
  ClashSocket,
  NewClash,
  NewClashPlayer,
} from './clashRecord';
import { refuseClash } from './clashRecord';
import { ClashSockets, socketTags } from './clashSockets';
import type {
  PlayerAccess,
  Refusal,
  ReplayResult,
  RoomAction,
  RoomResult,
  RoomViewer,
  StoredBytes,
} from './gameRecord';
import { greeting } from './greeting';
import { answerPings } from './heartbeat';
import { ClashState } from './clashState';
import { laterAccess } from './roomKit';
import { eraseRoom } from './roomStorage';

/** When the player last sent a reaction or suggestion, from any of their tabs. */
const saidKey = (playerId: number) => `said-${playerId}`;
/** A start that D1 refused is tried again after this long, if nobody asks before. */
const START_RETRY_MS = 10_000;
const log = logRoomError('ClashRoom');

/**
 * One clash: its lobby, its turns and every game of it, so turn order is enforced inside one object. A
 * dispatcher: each RPC (types in clashRecord.ts) and moment asks a pure collaborator for the change
 * (clashLobby.ts before the start, clashPlay.ts after it, clashChat.ts for what members say) and `#apply`
 * carries it out in one step. Like GameRoom, its storage is the truth: each change is stored (synchronously)
 * before anyone hears of it, the D1 index follows (clashIndex.ts), and notices (clashNotices.ts) after both.
 */
export class ClashRoom extends Server {
  static override options = { hibernate: true };

  readonly #state: ClashState;
  readonly #sockets = new ClashSockets((tag) => this.getConnections<ClashSocket>(tag));
  readonly #log: ClashLog;
  readonly #moves: MoveLog;
  readonly #rematch = new ClashRematch({
    env: this.env,
    load: () => this.#load(),
    remember: (record, rematchId) => {
      const next = { ...record, clash: { ...record.clash, rematchId } };
      this.#state.put(next);
      this.#sockets.broadcast(next);
    },
    log,
  });
  readonly #blocks: ClashBlocks;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    answerPings(ctx);
    this.#state = new ClashState(ctx.storage, () => database(this.env.DB), log);
    this.#log = new ClashLog(ctx.storage.kv);
    this.#moves = new MoveLog(ctx.storage.kv);
    this.#blocks = new ClashBlocks(ctx.storage.kv, () => database(this.env.DB));
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
    this.#state.put(record);
    // The Worker inserted the index rows with exactly these values, so it is current from the start;
    // with reserved ids, no row exists yet and the first index write inserts them.
    if (!init.gameIds) this.#state.index.markCurrent(1);
    this.#state.alarms.set('expire', lobby.expiresAt(record));
    if (!init.quickMatch && !init.origin)
      this.#tell(record, [{ type: 'invited', players: init.players.slice(1) }]);
    // Against the bot alone, or quick-matched, everyone has accepted already.
    return (await this.#start(init.gameIds)) ?? this.#answer(init.owner.id);
  }

  /** The clash as the viewer may see it (clashLobby.ts `refuseView`). A start that D1 refused is retried here. */
  async get(viewerId: number | null): Promise<ClashResult> {
    if (lobby.readyToStart(this.#load())) await this.#start();
    return lobby.refuseView(this.#load(), viewerId) ?? this.#answer(viewerId);
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
  /** A correspondence clash's one "more time" gift (clashMoreTime.ts): +1 day to the player on turn. */
  moreTime(playerId: number) {
    return this.#run(moreTimeGiven(this.#load(), playerId), playerId);
  }
  /** A player of the completed clash proposes a rematch (clashRematch.ts): two at once make one. */
  rematch(playerId: number, players: NewClashPlayer[]) {
    return this.#rematch.propose(playerId, players);
  }
  /** Local development and the browser tests only (worker/routes/dev.ts): the turn on runs out in `seconds`. */
  shortenTurn(seconds: number) {
    return this.#run(play.shortened(this.#load(), seconds, Date.now()), null);
  }

  /** The owner deletes the pending clash; the others are told. */
  deleteClash(ownerId: number) {
    return this.#delete(() => lobby.refuseManage(this.#load(), ownerId), ownerId);
  }

  /** An admin deletes the clash at any status, its games and their scores with it; everyone is told. */
  adminDelete(adminName: string) {
    return this.#delete(() => null, null, adminName);
  }

  /** A block between two members changed (worker/routes/friends.ts): the room reads its blocks again. */
  async blocksChanged() {
    const record = this.#load();
    if (record) await this.#blocks.refresh(record.clash.players.map((p) => p.id));
  }

  /** A player's access changed (worker/auth/access.ts `pushAccess`). */
  updateAccess(playerId: number, access: PlayerAccess) {
    const record = this.#load();
    const known = record?.access[String(playerId)];
    if (!record || !known) return;
    const now = laterAccess(known, access);
    this.#state.put({ ...record, access: { ...record.access, [playerId]: now } });
    // A reaction sent over a socket let in with a token that no longer counts reaches nobody.
    this.#sockets.closeEnded(playerId, now);
  }

  /** A game of the clash as the viewer may see it (clashPlay.ts `gameView`). */
  getGame(gameId: number, viewer: RoomViewer | null): RoomResult {
    return play.gameView(this.#load(), gameId, viewer);
  }

  /** One move on a clash game by its player on turn. Read, check and store are one synchronous run. */
  actOnGame(gameId: number, viewer: RoomViewer, action: RoomAction): Promise<RoomResult> {
    const outcome = play.moved(this.#load(), gameId, viewer, action, cryptoDiceSource);
    return this.#playOn(outcome, gameId, viewer.playerId);
  }

  /** Every game of the clash, turn by turn, once the clash is over (clashPlay.ts `replayOf`). */
  replayOf(gameId: number, viewer: RoomViewer | null): ReplayResult {
    const record = this.#load();
    return play.replayOf(record, gameId, viewer, (games) => this.#moves.turns(games));
  }

  /** Local development only (bench/replay-log.mjs): what the room stores, in bytes. */
  storedBytes(): StoredBytes {
    const record = this.#state.load();
    return {
      database: this.ctx.storage.sql.databaseSize,
      record: record ? JSON.stringify(record).length : 0,
      log: this.#moves.bytes(),
    };
  }

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    return socketTags(ctx);
  }

  override onConnect(connection: Connection<ClashSocket>, ctx: ConnectionContext) {
    writeRoomPoint(this.env, 'ClashRoom', this.ctx.id.toString(), 'socket-open');
    const lines = (viewerId: number | null) => logFor(this.#log.all(), this.#blocks.held(), viewerId);
    const opened = this.#sockets.open(connection, ctx.request, this.#load(), greeting, lines);
    if (opened && opened.viewerId !== null) cameBack(this.ctx.storage.kv, opened.viewerId);
  }

  /**
   * A member's reaction or suggestion, to every clash socket but those of members who block them
   * (clashBlocks.ts); a refusal, to the sending socket only.
   */
  override async onMessage(connection: Connection<ClashSocket>, message: WSMessage) {
    const kv = this.ctx.storage.kv;
    const now = Date.now();
    const record = this.#load();
    const out = said(record, connection.state, message, (id) => kv.get<number>(saidKey(id)) ?? 0, now);
    if ('error' in out)
      return connection.send(JSON.stringify({ type: 'ERROR', key: out.error } satisfies ClashServerMessage));
    kv.put(saidKey(out.memberId), now);
    const members = record?.clash.players.map((p) => p.id) ?? [];
    const pairs = await this.#blocks.load(members).catch((error: unknown) => {
      log('blocks', error);
      return this.#blocks.held();
    });
    const deaf = deafTo(pairs, out.memberId);
    this.#sockets.say(out.text, deaf);
    this.#sockets.logged(this.#log.append([out.line], Date.now()), deaf);
  }

  override async onAlarm() {
    writeRoomPoint(this.env, 'ClashRoom', this.ctx.id.toString(), 'alarm');
    const due = this.#state.alarms.due();
    const now = Date.now();
    if (due.includes('expire')) await this.#run(lobby.expired(this.#load()), null);
    if (due.includes('start')) await this.#start();
    if (due.includes('bot')) await this.#botMove();
    if (due.includes('turn')) await this.#run(play.timedOut(this.#load(), now), null);
    const record = this.#load();
    const warning = due.includes('warn') ? play.warning(record, now) : null;
    if (record && warning) this.#tell(record, [warning]);
    // The player on turn stalled: every open tab gets the clash again, with its pass link.
    if (record && due.includes('stall') && play.stalled(record, now)) this.#sockets.broadcast(record);
    if (await this.#state.index.sync()) this.#tellCompletion();
  }

  /** The bot's next action, when its alarm fires and it is still on turn. */
  async #botMove() {
    const record = this.#load();
    const game = play.botGame(record);
    if (!record || !game) return;
    const move = botAction(game.state, (error) => log('bot-advice', error));
    const outcome = play.played(record, game.meta.id, move, cryptoDiceSource);
    const played = await this.#playOn(outcome, game.meta.id, game.meta.player.id);
    if (!played.ok) log('bot-move', played.key);
  }

  /** Applies a move's outcome and answers the game as its player sees it now. */
  async #playOn(outcome: ClashChange | Refusal, gameId: number, viewerId: number): Promise<RoomResult> {
    const record = this.#load();
    if ('ok' in outcome || !record) return 'ok' in outcome ? outcome : play.gameView(record, gameId, null);
    writeRoomPoint(this.env, 'ClashRoom', this.ctx.id.toString(), 'move');
    return play.gameFor(await this.#apply(record, outcome), gameId, viewerId);
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
    const next = this.#state.commit(record, change);
    const lines = this.#log.append(change.log ?? [], Date.now());
    for (const { gameId, entry } of change.moves ?? [])
      if (record.games[String(gameId)]?.meta.logged) this.#moves.record(gameId, entry);
    const published = this.#publish(record, next, change);
    this.#sockets.logged(lines);
    return published;
  }

  async #publish(record: ClashRecord, next: ClashRecord, change: ClashChange): Promise<ClashRecord> {
    this.#sockets.closeLeft(change.left ?? []);
    // The game moved on, and the next one on turn, whose links changed.
    const onTurnGame = next.clash.players[next.clash.turn]?.gameId;
    const moved = change.moved === undefined ? [] : [change.moved, ...(onTurnGame ? [onTurnGame] : [])];
    this.#sockets.broadcast(next, moved);
    // The end is told once D1 has it (and the ratings it brings): now, or by the alarm that retries the write.
    if ((change.published || ended(next.clash)) && (await this.#state.index.sync())) this.#tellCompletion();
    const onTurn = play.turnBegun(record, next, change);
    if (onTurn?.bot) this.#state.alarms.set('bot', Date.now() + BOT_PAUSE_MS);
    const turn: ClashEvent[] = onTurn && !onTurn.bot ? [{ type: 'your-turn', player: onTurn }] : [];
    const over = play.turnOver(record, next);
    const overEvents: ClashEvent[] = over && !over.bot ? [{ type: 'turn-over', player: over }] : [];
    this.#tell(next, [...overEvents, ...(change.events ?? []), ...turn]);
    return next;
  }

  /**
   * Starts the clash once everyone has accepted: a D1 games row per player (clashState.ts `gameRows`), then
   * the record, with nothing in between, so racing calls cannot start it twice. Answers 503 when D1 refused
   * (the alarm retries).
   */
  async #start(reservedGameIds?: number[]): Promise<ClashResult | null> {
    if (!lobby.readyToStart(this.#load())) return null;
    const outcome = await this.ctx.blockConcurrencyWhile(async () => {
      const record = this.#load();
      if (!lobby.readyToStart(record)) return null;
      const now = Date.now();
      try {
        const rows = await this.#state.gameRows(record, reservedGameIds, now);
        const change = play.logging(lobby.started(record, rows, now));
        return { record, change, next: this.#state.commit(record, change) };
      } catch (error) {
        // Thrown out of blockConcurrencyWhile, an error would reset the object: answer it instead.
        log('start', error);
        this.#state.alarms.set('start', now + START_RETRY_MS);
        return 'failed' as const;
      }
    });
    if (outcome === 'failed') return refuseClash(503, 'service-unavailable');
    if (!outcome) return null;
    if (outcome.next.clash.quickMatch) this.#tell(outcome.next, [{ type: 'matched' }]);
    await this.#publish(outcome.record, outcome.next, outcome.change);
    return null;
  }

  /**
   * Deletes the clash unless `refused` says no (roomKit.ts `eraseRoom`); open sockets hear `clash: null` and
   * close. Its players are told, but the owner who deleted it; an admin's deletion, in the admin's name.
   */
  async #delete(refused: () => ClashRefused | null, ownerId: number | null, adminName?: string) {
    const early = refused();
    if (early) return early;
    const erased = await eraseRoom(this.ctx, {
      hold: () => {
        const record = this.#load();
        return record
          ? (refused() ?? { ok: true as const, held: record })
          : refuseClash(404, 'clash-not-found');
      },
      deleteRows: (record) => deleteClashRows(database(this.env.DB), record.clash.id),
      log,
    });
    if (!erased.ok) return erased;
    this.#sockets.closeDeleted();
    const { clash } = erased.held;
    const players = clash.players.filter((p) => p.id !== ownerId);
    this.#tell(erased.held, [{ type: 'deleted', by: adminName ?? clash.owner.name, players }]);
    return { ok: true as const, clash: toClashResource(clash, ownerId, Date.now()) };
  }

  /** Everyone hears the clash ended, once D1 has it (clashNotices.ts sends it once). */
  #tellCompletion() {
    const record = this.#load();
    if (record && ended(record.clash)) this.#tell(record, [{ type: 'ended' }]);
  }

  /** Who is told of `events`, and how, is clashNotices.ts's to decide. */
  #tell(record: ClashRecord, events: ClashEvent[]) {
    if (events.length === 0) return;
    const present = (playerId: number) => this.#sockets.present(playerId);
    tellClash({ env: this.env, kv: this.ctx.storage.kv, log, record, events, present });
  }

  #load(): ClashRecord | null {
    const record = this.#state.load();
    if (!record) return null;
    const games = Object.entries(record.games).map(([id, game]) => [
      id,
      { ...game, state: withRules(game.state) },
    ]);
    return { ...record, games: Object.fromEntries(games) as ClashRecord['games'] };
  }

  #answer(viewerId: number | null): ClashResult {
    const record = this.#load();
    if (!record) return refuseClash(404, 'clash-not-found');
    return { ok: true, clash: toClashResource(record.clash, viewerId, Date.now()) };
  }
}
