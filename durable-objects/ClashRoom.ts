import { type Connection, type ConnectionContext, Server, type WSMessage } from 'partyserver';
import {
  CLASH_MESSAGE_COOLDOWN_MS,
  CLASH_PENDING_TTL_MS,
  type ClashServerMessage,
  TURN_WARNING_SECONDS,
} from '../contract/clashes';
import type { GameMessage } from '../contract/games';
import {
  acceptsAtOnce,
  applyMove,
  type ClashMember,
  type ClashView,
  ended,
  type GameMove,
  type GameState,
  RuleError,
  stalledAt,
  withTurnClock,
} from '../game';
import { clashGameRows, deleteClashRows } from '../worker/db/clashes';
import { database } from '../worker/db/client';
import { cryptoDiceSource } from '../worker/lib/dice';
import { pushTo } from '../worker/lib/notify';
import { quickMatchQueue } from '../worker/rooms';
import { toClashResource } from '../worker/lib/resources/clashes';
import { toGameResource } from '../worker/lib/resources/game';
import { ACCESS_ENDED, tokenCounts } from '../worker/lib/viewer';
import { Alarms, logRoomError } from './alarms';
import { broadcastPerViewer } from './broadcast';
import { BOT_PAUSE_MS, botAction } from './clashBot';
import { ClashIndex } from './clashIndex';
import { type ClashEvent, tellClash } from './clashNotices';
import {
  afterFill,
  afterResign,
  botOnTurn,
  memberOf,
  onTurn,
  readClientMessage,
  readyToStart,
  refuseAdd,
  refuseAnswer,
  refuseManage,
  refusePass,
  refuseRemove,
  refuseResign,
  refuseView,
  settledGames,
  socketOf,
  started,
  afterTimeout,
  withInvited,
  withoutPlayers,
} from './clashLobby';
import {
  type ClashGame,
  type ClashRecord,
  type ClashResult,
  type ClashSocket,
  type NewClash,
  type NewClashPlayer,
  refuseClash,
} from './clashRecord';
import { type PlayerAccess, refuse, type RoomAction, type RoomResult, type RoomViewer } from './gameRecord';
import { greeting } from './greeting';
import { answerPings } from './heartbeat';

const CLASH_KEY = 'clash';
/** When the player last sent a reaction or suggestion, from any of their tabs. */
const saidKey = (playerId: number) => `said-${playerId}`;
/** Set when the player was told it is their turn; cleared when they next open the clash. */
const toldTurnKey = (playerId: number) => `told-turn-${playerId}`;
/** Set with a clash's completion until everyone is told of it, which waits for D1 to have it. */
const COMPLETION_UNTOLD_KEY = 'completion-untold';
/** A start that D1 refused is tried again after this long, if nobody asks before. */
const START_RETRY_MS = 10_000;

const CLASH_TAG = 'clash';
const gameTag = (gameId: number) => `game-${gameId}`;
const playerTag = (playerId: number) => `player-${playerId}`;

/**
 * `turn`: the clock of the player on turn runs out; `warn`: TURN_WARNING_SECONDS before that; `stall`:
 * an untimed clash's player on turn has not moved for CLASH_STALL_DAYS, so the others get the pass link.
 */
type Deadline = 'index' | 'expire' | 'start' | 'bot' | 'turn' | 'warn' | 'stall';
const log = logRoomError('ClashRoom');

const NO_ACCESS: PlayerAccess = { tokensValidAfter: 0, banned: false };

/** False for a member's socket opened with a token that has since ended, and for a banned member's. */
const socketCounts = (socket: ClashSocket | null | undefined, access: PlayerAccess) =>
  !access.banned && tokenCounts(socket?.issuedAtMs ?? 0, access);

/**
 * One clash: its lobby, its turns and every game of it, so turn order is enforced inside one object.
 * Like GameRoom, its SQLite-backed storage is the truth: each change is stored (synchronously, through
 * `storage.kv`) before anyone hears of it, the D1 index follows (clashIndex.ts), and a notification
 * starts only after both.
 *
 * RPC (worker/routes/clashes.ts, games.ts, live.ts; types in clashRecord.ts): `create`, `get`, `accept`,
 * `decline`, `add`, `remove`, `deleteClash`, `adminDelete`, `updateAccess`, `resign`, `pass`; for the games,
 * `getGame` and `actOnGame`.
 * Moments: `onConnect` greets a clash socket with UPDATE and a game socket with GAME, `onMessage` takes
 * members' reactions and suggestions, `onAlarm` writes the index, expires a pending clash, retries a start.
 */
export class ClashRoom extends Server {
  static override options = { hibernate: true };

  readonly #alarms: Alarms<Deadline>;
  readonly #index: ClashIndex;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    answerPings(ctx);
    this.#alarms = new Alarms<Deadline>(ctx.storage, log);
    this.#index = new ClashIndex(
      ctx.storage,
      this.#alarms.deadline('index'),
      () => database(this.env.DB),
      () => this.#load(),
    );
  }

  /**
   * Starts holding the clash the Worker inserted into D1 (the owner accepted, the others invited), or
   * answers it when it is held already: creation is retried safely. Invitations go out the first time.
   */
  async create(init: NewClash): Promise<ClashResult> {
    if (this.#load()) return this.#answer(init.owner.id);
    if (init.gameIds && init.gameIds.length !== init.players.length)
      throw new Error('a reserved game id for each player');
    const players: ClashMember[] = init.players.map((p) => ({
      id: p.id,
      name: p.name,
      avatarKey: p.avatarKey,
      status: acceptsAtOnce(p, init.owner.id, init.quickMatch) ? 'ACCEPTED' : 'PENDING',
      score: null,
      gameId: null,
      bot: p.bot,
    }));
    const record: ClashRecord = {
      clash: {
        id: init.id,
        name: init.name,
        type: 'LIVE',
        status: 'PENDING',
        owner: init.owner,
        players,
        turn: 0,
        turnSeconds: init.turnSeconds,
        turnDeadline: null,
        turnStartedAt: null,
        quickMatch: init.quickMatch,
        createdAt: init.createdAt,
        updatedAt: init.createdAt,
      },
      access: Object.fromEntries(init.players.map((p) => [String(p.id), p.access])),
      games: {},
      version: 1,
    };
    this.#store(record);
    // The Worker inserted the index rows with exactly these values, so it is current from the start;
    // with reserved ids, no row exists yet and the first index write inserts them.
    if (!init.gameIds) this.#index.markCurrent(1);
    this.#alarms.set('expire', init.createdAt + CLASH_PENDING_TTL_MS);
    if (!init.quickMatch) this.#notice(record, { type: 'invited', players: init.players.slice(1) });
    // Against the bot alone, or quick-matched, everyone has accepted already.
    return (await this.#start(init.gameIds)) ?? this.#answer(init.owner.id);
  }

  /**
   * The clash as the viewer may see it: one that never started to its players only (404 to anyone
   * else); a started or finished one to anyone. A start that D1 refused is retried here.
   */
  async get(viewerId: number | null): Promise<ClashResult> {
    if (readyToStart(this.#load())) await this.#start();
    return refuseView(this.#load(), viewerId) ?? this.#answer(viewerId);
  }

  /** Local development and the browser tests only (worker/routes/dev.ts): the turn on runs out in `seconds`. */
  shortenTurn(seconds: number): ClashResult {
    const record = this.#load();
    if (!record || record.clash.status !== 'IN_PROGRESS' || !record.clash.turnDeadline)
      return refuseClash(409, 'clash-not-timed');
    const next = this.#commit(record, { ...record.clash, turnDeadline: Date.now() + seconds * 1000 });
    this.#broadcastClash(next);
    return this.#answer(null);
  }

  /** A player's access changed (worker/auth/access.ts `pushAccess`); tokens only ever end later. */
  updateAccess(playerId: number, access: PlayerAccess) {
    const record = this.#load();
    const known = record?.access[String(playerId)];
    if (!record || !known) return;
    const tokensValidAfter = Math.max(known.tokensValidAfter, access.tokensValidAfter);
    const now: PlayerAccess = { tokensValidAfter, banned: access.banned };
    this.#store({ ...record, access: { ...record.access, [playerId]: now } });
    // Their sockets were let in with a token that no longer counts: they close, so a reaction sent over
    // one reaches nobody, and a reconnect meets the Worker's check of the new access.
    for (const connection of this.getConnections<ClashSocket>(playerTag(playerId)))
      if (!socketCounts(connection.state, now)) connection.close(ACCESS_ENDED, 'access-ended');
  }

  /** An invited player accepts; when every remaining player has, the clash starts. */
  async accept(playerId: number): Promise<ClashResult> {
    const record = this.#load();
    const refused = refuseAnswer(record, playerId);
    if (refused || !record) return refused ?? refuseClash(404, 'clash-not-found');
    const players = record.clash.players.map((p) =>
      p.id === playerId ? { ...p, status: 'ACCEPTED' as const } : p,
    );
    const next = this.#commit(record, { ...record.clash, players });
    await this.#published(next);
    const me = memberOf(record, playerId);
    this.#notice(next, { type: 'accepted', player: me?.name });
    return (await this.#start()) ?? this.#answer(playerId);
  }

  /** An invited player declines and leaves the clash; the owner left alone, the clash is cancelled. */
  async decline(playerId: number): Promise<ClashResult> {
    const record = this.#load();
    const refused = refuseAnswer(record, playerId);
    if (refused || !record) return refused ?? refuseClash(404, 'clash-not-found');
    const me = memberOf(record, playerId);
    const next = this.#leave(record, [playerId]);
    await this.#published(next);
    this.#notice(next, { type: 'declined', player: me?.name });
    if (next.clash.status === 'CANCELLED') this.#notice(next, { type: 'cancelled' });
    return (await this.#start()) ?? this.#answer(playerId);
  }

  /** The owner invites more players, up to CLASH_MAX_PLAYERS in all. */
  async add(ownerId: number, invited: NewClashPlayer[]): Promise<ClashResult> {
    const record = this.#load();
    const refused = refuseManage(record, ownerId);
    if (refused || !record) return refused ?? refuseClash(404, 'clash-not-found');
    const cannot = refuseAdd(record, invited);
    if (cannot) return cannot;
    const players = withInvited(record.clash, invited);
    const access = { ...record.access, ...Object.fromEntries(invited.map((p) => [String(p.id), p.access])) };
    const next = this.#commit(record, { ...record.clash, players }, { access });
    await this.#published(next);
    this.#notice(next, { type: 'invited', players: invited });
    return (await this.#start()) ?? this.#answer(ownerId);
  }

  /** The owner takes back invitations not yet accepted, while at least CLASH_MIN_PLAYERS stay. */
  async remove(ownerId: number, playerIds: number[]): Promise<ClashResult> {
    const record = this.#load();
    const refused = refuseManage(record, ownerId);
    if (refused || !record) return refused ?? refuseClash(404, 'clash-not-found');
    const cannot = refuseRemove(record, playerIds);
    if (cannot) return cannot;
    const removed = record.clash.players.filter((p) => playerIds.includes(p.id));
    const next = this.#leave(record, playerIds);
    await this.#published(next);
    this.#notice(next, { type: 'removed', players: removed });
    return (await this.#start()) ?? this.#answer(ownerId);
  }

  /**
   * A playing member leaves the running clash (issue 23): a forfeit, see clashLobby.ts `afterResign`.
   * Everyone sees it at once; a clash it ends is announced as one played to the end.
   */
  async resign(playerId: number): Promise<ClashResult> {
    const record = this.#load();
    const refused = refuseResign(record, playerId);
    if (refused || !record) return refused ?? refuseClash(404, 'clash-not-found');
    if (this.#access(record, playerId).banned) return refuseClash(403, 'player-banned');
    const gameId = memberOf(record, playerId)?.gameId;
    const outcome = afterResign(record, playerId, this.#nextTime(record));
    const next = this.#commit(record, outcome.clash, { games: outcome.games });
    if (gameId) await this.#moved(record, next, gameId, false);
    else this.#broadcastClash(next);
    return this.#answer(playerId);
  }

  /**
   * Another member passes the turn of an untimed clash's player who has not moved for CLASH_STALL_DAYS:
   * exactly as if that turn had run out of time (three in a row forfeit them).
   */
  async pass(playerId: number): Promise<ClashResult> {
    const record = this.#load();
    const refused = refusePass(record, playerId, Date.now());
    if (refused || !record) return refused ?? refuseClash(404, 'clash-not-found');
    if (this.#access(record, playerId).banned) return refuseClash(403, 'player-banned');
    await this.#passTurn(record);
    return this.#answer(playerId);
  }

  /**
   * The owner deletes the pending clash: its D1 rows (the clash's cascade), then the room's storage; open
   * sockets hear `clash: null` and close. Nothing else runs in between, so no answer races the deletion.
   */
  async deleteClash(ownerId: number): Promise<ClashResult> {
    const refused = refuseManage(this.#load(), ownerId);
    if (refused) return refused;
    const outcome = await this.#erase((record) => refuseManage(record, ownerId));
    if ('ok' in outcome) return outcome;
    const others = outcome.clash.players.filter((p) => p.id !== ownerId);
    this.#notice(outcome, { type: 'deleted', by: outcome.clash.owner.name, players: others });
    return { ok: true, clash: toClashResource(outcome.clash, ownerId, Date.now()) };
  }

  /**
   * An admin deletes the clash at any status, the same way as the owner's deletion: its games and their
   * scores go with its D1 rows; every player is told, in the admin's name.
   */
  async adminDelete(adminName: string): Promise<ClashResult> {
    const outcome = await this.#erase((record) => (record ? null : refuseClash(404, 'clash-not-found')));
    if ('ok' in outcome) return outcome;
    this.#notice(outcome, { type: 'deleted', by: adminName, players: outcome.clash.players });
    return { ok: true, clash: toClashResource(outcome.clash, null, Date.now()) };
  }

  /** Deletes the D1 rows, then the storage, unless `refused` says no; then closes every socket. */
  async #erase(
    refused: (record: ClashRecord | null) => ClashResult | null,
  ): Promise<ClashResult | ClashRecord> {
    const outcome = await this.ctx.blockConcurrencyWhile(async (): Promise<ClashResult | ClashRecord> => {
      const record = this.#load();
      const again = refused(record);
      if (again || !record) return again ?? refuseClash(404, 'clash-not-found');
      try {
        await deleteClashRows(database(this.env.DB), record.clash.id);
      } catch (error) {
        // Thrown out of blockConcurrencyWhile, an error would reset the object: answer it instead.
        log('delete', error);
        return refuseClash(503, 'service-unavailable');
      }
      await this.ctx.storage.deleteAll();
      await this.ctx.storage.deleteAlarm();
      return record;
    });
    if ('ok' in outcome) return outcome;
    const gone = JSON.stringify({ type: 'UPDATE', clash: null } satisfies ClashServerMessage);
    for (const connection of this.getConnections()) {
      try {
        connection.send(gone);
        connection.close(1000, 'clash-deleted');
      } catch {
        // Already closing.
      }
    }
    return outcome;
  }

  /** A game of the clash as the viewer may see it; its player with a token that no longer counts gets 401. */
  getGame(gameId: number, viewer: RoomViewer | null): RoomResult {
    const record = this.#load();
    const game = record?.games[String(gameId)];
    if (!record || !game) return refuse(404, 'game-not-found');
    if (viewer?.playerId === game.meta.player.id && !this.#tokenCounts(record, viewer))
      return refuse(401, 'token-expired');
    return { ok: true, game: this.#gameResource(record, game, viewer?.playerId ?? null) };
  }

  /**
   * One move on a clash game, by its player on turn: the rules, then commit and broadcast. A fill passes
   * the turn; the last fill of the last game completes the clash, whose scores are written before the
   * answer. Read, check and store are one synchronous run, so of racing moves only one can pass.
   */
  async actOnGame(gameId: number, viewer: RoomViewer, action: RoomAction): Promise<RoomResult> {
    const record = this.#load();
    const game = record?.games[String(gameId)];
    if (!record || !game) return refuse(404, 'game-not-found');
    if (viewer.playerId !== game.meta.player.id) return refuse(403, 'not-your-game');
    // A ban ends the player's tokens too: it is named first, so they are told why, not sent to refresh.
    if (this.#access(record, viewer.playerId).banned) return refuse(403, 'player-banned');
    if (!this.#tokenCounts(record, viewer)) return refuse(401, 'token-expired');
    if (action.type === 'UNDO' || action.type === 'RESTART' || action.type === 'ARCHIVE')
      return refuse(409, 'clash-game-locked');
    if (game.state.status === 'COMPLETED') return refuse(409, 'game-completed');
    if (!onTurn(record, gameId)) return refuse(409, 'not-your-turn');
    return this.#play(record, gameId, action, viewer.playerId);
  }

  /**
   * A move on the game on turn, checked by the rules: commit, broadcast, then the next one up is told
   * (or, for the bot, its next action is scheduled); the last fill of the last game completes the clash.
   */
  async #play(record: ClashRecord, gameId: number, action: GameMove, viewerId: number): Promise<RoomResult> {
    const game = record.games[String(gameId)] as ClashGame;
    let state: GameState;
    try {
      state = applyMove(game.state, action, cryptoDiceSource);
    } catch (error) {
      if (error instanceof RuleError) return refuse(409, error.key);
      throw error;
    }
    const updatedAt = this.#nextTime(record);
    const games = { ...record.games, [gameId]: { state, meta: { ...game.meta, updatedAt } } };
    let clash = record.clash;
    // A fill ends the turn: the next one starts with a full clock.
    if (action.type === 'FILL') clash = withTurnClock(afterFill(clash, games, gameId), updatedAt);
    const next = this.#commit(record, clash, { games });
    await this.#moved(record, next, gameId, action.type === 'FILL');
    return {
      ok: true,
      game: this.#gameResource(next, next.games[String(gameId)] as ClashGame, viewerId),
    };
  }

  /**
   * After a stored change to `gameId` (a move, a turn that ran out): everyone sees it, then the end is
   * announced (the index has it first), or the one now on turn is told when a turn ended.
   */
  async #moved(record: ClashRecord, next: ClashRecord, gameId: number, turnEnded: boolean) {
    this.#broadcastGame(next, gameId);
    const onTurnGame = next.clash.players[next.clash.turn]?.gameId;
    if (onTurnGame && onTurnGame !== gameId) this.#broadcastGame(next, onTurnGame);
    this.#broadcastClash(next);
    if (ended(next.clash)) {
      // Noted with the completion, told once D1 has it (and the ratings it brings): now, or when D1
      // refused, by the alarm that retries the write.
      this.ctx.storage.kv.put(COMPLETION_UNTOLD_KEY, true);
      if (await this.#index.sync()) this.#tellCompletion();
    } else if (turnEnded || next.clash.turn !== record.clash.turn || botOnTurn(next)) {
      this.#tellTurn(next);
    }
  }

  /** The clock of the player on turn ran out (the `turn` deadline). */
  async #timeOut() {
    const record = this.#load();
    const deadline = record?.clash.status === 'IN_PROGRESS' ? record.clash.turnDeadline : null;
    if (!record || !deadline || deadline > Date.now()) return;
    await this.#passTurn(record);
  }

  /** The turn on is passed as one run out of time (its clock, or the others' pass): see `afterTimeout`. */
  async #passTurn(record: ClashRecord) {
    const player = record.clash.players[record.clash.turn];
    const updatedAt = this.#nextTime(record);
    const outcome = afterTimeout(record, updatedAt);
    if (!player?.gameId || !outcome) return;
    const next = this.#commit(record, withTurnClock(outcome.clash, updatedAt), { games: outcome.games });
    await this.#moved(record, next, player.gameId, true);
    if (memberOf(next, player.id)?.forfeited) this.#notice(next, { type: 'forfeited', player });
  }

  /** TURN_WARNING_SECONDS before the clock runs out, the player on turn is warned (the bot needs no warning). */
  #warn() {
    const record = this.#load();
    const player =
      record?.clash.status === 'IN_PROGRESS' ? record.clash.players[record.clash.turn] : undefined;
    const deadline = record?.clash.turnDeadline;
    if (!record || !player || player.bot || !deadline || deadline <= Date.now()) return;
    const seconds = Math.round((deadline - Date.now()) / 1000);
    this.#notice(record, { type: 'turn-warning', player, seconds });
  }

  /** The bot's next action, when its alarm fires and it is still on turn. */
  async #botMove() {
    const record = this.#load();
    const bot = record && botOnTurn(record);
    const game = bot && bot.gameId !== null ? record.games[String(bot.gameId)] : undefined;
    if (!record || !bot || !game || game.state.status !== 'IN_PROGRESS') return;
    const action = botAction(game.state, (error) => log('bot-advice', error));
    const played = await this.#play(record, game.meta.id, action, bot.id);
    if (!played.ok) log('bot-move', played.key);
  }

  /** Tags say which sockets a broadcast reaches, and whose they are; they survive hibernation. */
  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const { viewerId, gameId } = socketOf(ctx.request);
    return [gameId === null ? CLASH_TAG : gameTag(gameId), ...(viewerId ? [playerTag(viewerId)] : [])];
  }

  /** worker/routes/live.ts let the socket in; it is greeted with the current clash, or its game. */
  override onConnect(connection: Connection<ClashSocket>, ctx: ConnectionContext) {
    const socket = socketOf(ctx.request);
    connection.setState(socket);
    const record = this.#load();
    // The Worker read the access before a ban or a sign-out that reached this room first.
    const access = record && socket.viewerId !== null ? record.access[String(socket.viewerId)] : undefined;
    if (access && !socketCounts(socket, access)) {
      connection.close(ACCESS_ENDED, 'access-ended');
      return;
    }
    if (socket.viewerId !== null) this.ctx.storage.kv.delete(toldTurnKey(socket.viewerId));
    connection.send(
      greeting(
        socket.gameId === null
          ? this.#clashMessage(record, socket.viewerId)
          : this.#gameMessage(record, socket.gameId, socket.viewerId),
      ),
    );
  }

  /** A member's reaction or suggestion, to every clash socket; a refusal, to the sending socket only. */
  override onMessage(connection: Connection<ClashSocket>, message: WSMessage) {
    const refuseMessage = (key: string) =>
      connection.send(JSON.stringify({ type: 'ERROR', key } satisfies ClashServerMessage));
    const read = readClientMessage(message);
    if ('error' in read) return refuseMessage(read.error);
    const record = this.#load();
    const sender = connection.state?.gameId === null ? connection.state.viewerId : null;
    const member = record && sender !== null ? memberOf(record, sender) : undefined;
    if (!record || !member) return refuseMessage('not-clash-member');
    // Closed when their access ended; a message that crossed the close is not passed on either.
    if (!socketCounts(connection.state, this.#access(record, member.id)))
      return refuseMessage('token-expired');
    const now = Date.now();
    const said = this.ctx.storage.kv.get<number>(saidKey(member.id)) ?? 0;
    if (now - said < CLASH_MESSAGE_COOLDOWN_MS) return refuseMessage('message-too-early');
    this.ctx.storage.kv.put(saidKey(member.id), now);
    const out: ClashServerMessage = { ...read, playerId: member.id, name: member.name };
    const text = JSON.stringify(out);
    broadcastPerViewer(
      this.getConnections(CLASH_TAG),
      () => null,
      () => text,
    );
  }

  override async onAlarm() {
    const due = this.#alarms.due();
    if (due.includes('expire')) await this.#expire();
    if (due.includes('start')) await this.#start();
    if (due.includes('bot')) await this.#botMove();
    if (due.includes('turn')) await this.#timeOut();
    if (due.includes('warn')) this.#warn();
    if (due.includes('stall')) this.#stalled();
    if (await this.#index.sync()) this.#tellCompletion();
  }

  /** The player on turn has stalled long enough: every open tab gets the clash again, with its pass link. */
  #stalled() {
    const record = this.#load();
    const at = record ? stalledAt(record.clash) : null;
    if (record && at !== null && at <= Date.now()) this.#broadcastClash(record);
  }

  /**
   * Everyone hears the clash ended, once: the check and the clearing run with nothing in between. An
   * abandoned clash has no winner and moved no rating.
   */
  #tellCompletion() {
    const record = this.#load();
    if (!record || !this.ctx.storage.kv.get<boolean>(COMPLETION_UNTOLD_KEY)) return;
    this.ctx.storage.kv.delete(COMPLETION_UNTOLD_KEY);
    this.#notice(record, { type: 'ended' });
  }

  /** The pending clash nobody finished answering in time is cancelled; everyone is told. */
  async #expire() {
    const record = this.#load();
    if (!record || record.clash.status !== 'PENDING') return;
    const next = this.#commit(record, { ...record.clash, status: 'CANCELLED' });
    await this.#published(next);
    this.#notice(next, { type: 'cancelled' });
  }

  /**
   * Starts the clash when every remaining player has accepted: one D1 games row per player (found first,
   * so a retry after a crash reuses them; or ids reserved for them, whose rows the index inserts), then
   * the record IN_PROGRESS. Nothing else runs in between, so a racing accept or GET cannot start it
   * twice. Answers 503 when D1 refused (the alarm retries).
   */
  async #start(reservedGameIds?: number[]): Promise<ClashResult | null> {
    if (!readyToStart(this.#load())) return null;
    const outcome = await this.ctx.blockConcurrencyWhile(async (): Promise<ClashRecord | 'failed' | null> => {
      const record = this.#load();
      if (!readyToStart(record)) return null;
      const now = Date.now();
      let rows: Awaited<ReturnType<typeof clashGameRows>>;
      try {
        rows = reservedGameIds
          ? record.clash.players.map((p, i) => ({
              id: reservedGameIds[i] ?? 0,
              playerId: p.id,
              createdAt: now,
            }))
          : await clashGameRows(database(this.env.DB), record.clash.id, record.clash.players, now);
      } catch (error) {
        // Thrown out of blockConcurrencyWhile, an error would reset the object: answer it instead.
        log('start', error);
        this.#alarms.set('start', now + START_RETRY_MS);
        return 'failed';
      }
      const { clash, games } = started(record.clash, rows);
      this.#alarms.clear('expire');
      this.#alarms.clear('start');
      return this.#commit(record, withTurnClock(clash, now), { games });
    });
    if (outcome === 'failed') return refuseClash(503, 'service-unavailable');
    if (!outcome) return null;
    if (outcome.clash.quickMatch) this.#announceMatch(outcome);
    await this.#published(outcome);
    // Quick-matched players hear of their match from the queue instead.
    if (!outcome.clash.quickMatch) this.#notice(outcome, { type: 'started' });
    this.#tellTurn(outcome);
    return null;
  }

  /**
   * A quick match has started: both players' tabs get it on the presence channel and their queue socket
   * at once, before the D1
   * index is brought up to date (the room is the truth). With reserved ids the clash's rows do not exist
   * yet: their write leaves for D1 in the same run as these pushes, so it lands before any request a
   * player makes on hearing the news (one database, applying writes and reads in order); a write that
   * fails is retried by the index's alarm, and the clash's routes answer 404 until it lands.
   */
  #announceMatch(record: ClashRecord) {
    for (const player of record.clash.players) {
      const message = {
        type: 'MATCHED',
        clash: toClashResource(record.clash, player.id, Date.now()),
      } as const;
      pushTo(this.env, player.id, message).catch((error) => log('announce-match', error));
      quickMatchQueue(this.env)
        .matched(player.id, message.clash)
        .catch((error) => log('announce-match', error));
    }
  }

  /** Stores the record without `playerIds` (declined or removed); the owner left alone, it is cancelled. */
  #leave(record: ClashRecord, playerIds: number[]): ClashRecord {
    const { clash, access } = withoutPlayers(record, playerIds);
    if (clash.status === 'CANCELLED') this.#alarms.clear('expire');
    const next = this.#commit(record, clash, { access });
    // A pending clash is for its players' eyes only: their open sockets on it close.
    for (const id of playerIds)
      for (const connection of this.getConnections<ClashSocket>(playerTag(id)))
        if (connection.state?.gameId === null) connection.close(1000, 'not-clash-member');
    return next;
  }

  /** After a lobby change, a start or an expiry: everyone sees it, and the D1 index has it before the answer. */
  async #published(record: ClashRecord) {
    this.#broadcastClash(record);
    await this.#index.sync();
  }

  #access(record: ClashRecord, playerId: number): PlayerAccess {
    return record.access[String(playerId)] ?? NO_ACCESS;
  }

  #tokenCounts(record: ClashRecord, viewer: RoomViewer): boolean {
    return tokenCounts(viewer.issuedAtMs, this.#access(record, viewer.playerId));
  }

  #load(): ClashRecord | null {
    return this.ctx.storage.kv.get<ClashRecord>(CLASH_KEY) ?? null;
  }

  #store(record: ClashRecord) {
    this.ctx.storage.kv.put(CLASH_KEY, record);
  }

  /** Strictly increasing, so a client can tell the newer of two messages by updatedAt alone. */
  #nextTime(record: ClashRecord): number {
    return Math.max(Date.now(), record.clash.updatedAt + 1);
  }

  /**
   * Stores the successor of `record` (next version, later updatedAt) and, when the index was current,
   * the alarm that brings it up to date, in one synchronous run. The caller broadcasts it.
   */
  #commit(
    record: ClashRecord,
    clash: ClashView,
    changes: Partial<Omit<ClashRecord, 'clash'>> = {},
  ): ClashRecord {
    const wasIndexed = this.#index.isCurrent(record.version);
    const next: ClashRecord = {
      ...record,
      ...changes,
      games: settledGames(clash, changes.games ?? record.games),
      clash: { ...clash, updatedAt: this.#nextTime(record) },
      version: record.version + 1,
    };
    this.#store(next);
    this.#index.changed(wasIndexed);
    if (next.clash.turnDeadline !== record.clash.turnDeadline)
      this.#setClock(next.clash.turnDeadline ?? null);
    this.#setStall(stalledAt(next.clash));
    return next;
  }

  /** The `stall` deadline follows the turn on (only a time still to come: once fired, it is done). */
  #setStall(at: number | null) {
    if (at === null || at <= Date.now()) {
      if (this.#alarms.at('stall') !== null) this.#alarms.clear('stall');
    } else if (this.#alarms.at('stall') !== at) this.#alarms.set('stall', at);
  }

  /** The `turn` and `warn` deadlines follow the clash's turn deadline (set with it, in the same run). */
  #setClock(deadline: number | null) {
    if (deadline === null) {
      this.#alarms.clear('turn');
      this.#alarms.clear('warn');
      return;
    }
    this.#alarms.set('turn', deadline);
    const warnAt = deadline - TURN_WARNING_SECONDS * 1000;
    if (warnAt > Date.now()) this.#alarms.set('warn', warnAt);
    else this.#alarms.clear('warn');
  }

  #answer(viewerId: number | null): ClashResult {
    const record = this.#load();
    if (!record) return refuseClash(404, 'clash-not-found');
    return { ok: true, clash: toClashResource(record.clash, viewerId, Date.now()) };
  }

  #gameResource(record: ClashRecord, game: ClashGame, viewerId: number | null) {
    return toGameResource(game.state, game.meta, viewerId, onTurn(record, game.meta.id));
  }

  /** Each clash socket gets the clash as its viewer may see it (members with their links, watchers without). */
  #broadcastClash(record: ClashRecord) {
    const members = new Set(record.clash.players.map((p) => p.id));
    broadcastPerViewer(
      this.getConnections<ClashSocket>(CLASH_TAG),
      (connection) => {
        const viewerId = connection.state?.viewerId ?? null;
        return viewerId !== null && members.has(viewerId) ? viewerId : null;
      },
      (viewerId) => this.#clashMessage(record, viewerId),
    );
  }

  /** The game's sockets get it: its player's tabs with links (when on turn), watchers without. */
  #broadcastGame(record: ClashRecord, gameId: number) {
    const playerId = record.games[String(gameId)]?.meta.player.id;
    broadcastPerViewer(
      this.getConnections<ClashSocket>(gameTag(gameId)),
      (connection) => (connection.state?.viewerId === playerId ? playerId : null),
      (viewerId) => this.#gameMessage(record, gameId, viewerId ?? null),
    );
  }

  #clashMessage(record: ClashRecord | null, viewerId: number | null): string {
    const clash = record ? toClashResource(record.clash, viewerId, Date.now()) : null;
    return JSON.stringify({ type: 'UPDATE', clash } satisfies ClashServerMessage);
  }

  #gameMessage(record: ClashRecord | null, gameId: number, viewerId: number | null): string {
    const game = record?.games[String(gameId)];
    const message: GameMessage = {
      type: 'GAME',
      game: record && game ? this.#gameResource(record, game, viewerId) : null,
    };
    return JSON.stringify(message);
  }

  /**
   * The player on turn is told, unless they have a socket open on this clash (they see it already) or
   * were told before and have not come back since: a player away for the whole clash finds one "your
   * turn" for it, not one for each of their turns.
   */
  #tellTurn(record: ClashRecord) {
    const player = record.clash.players[record.clash.turn];
    if (!player || record.clash.status !== 'IN_PROGRESS') return;
    // The bot is told by its alarm: it acts after a pause that lets people see the last move.
    if (player.bot) return this.#alarms.set('bot', Date.now() + BOT_PAUSE_MS);
    for (const _open of this.getConnections(playerTag(player.id))) return;
    if (this.ctx.storage.kv.get<boolean>(toldTurnKey(player.id))) return;
    this.ctx.storage.kv.put(toldTurnKey(player.id), true);
    this.#notice(record, { type: 'your-turn', player });
  }

  /** Who is told of `event`, and how, is clashNotices.ts's to decide. */
  #notice(record: ClashRecord, event: ClashEvent) {
    tellClash({ env: this.env, kv: this.ctx.storage.kv, log, record, event });
  }
}
