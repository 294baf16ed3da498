import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { expect } from 'vitest';
import type { ClashResource, ClashServerMessage } from '../../contract/clashes';
import type { ClashRecord } from '../../durable-objects/clashRecord';
import type { GameMessage } from '../../contract/games';
import type { NotificationKind } from '../../contract/notifications';
import type { Page } from '../../contract/page';
import type { PlayerResource } from '../../contract/players';
import { type Game, playTurn } from './games-helpers';
import { call, json, registerPlayer, type Session } from './helpers';

// Clash stories on top of helpers.ts and games-helpers.ts: registered players, a clash through the API,
// its lobby calls, its games played turn by turn, sockets on the clash and its games, notification rows.

export type Clash = ClashResource;
export type LobbyCall = 'accept' | 'decline' | 'add' | 'remove';

/** A registered, signed-in player (clashes are not for guests). */
export const player = (): Promise<Session> => registerPlayer();

export const players = (count: number): Promise<Session[]> =>
  Promise.all(Array.from({ length: count }, () => player()));

/** POST /api/clashes/ as `owner`, with `playerIds` (the owner's id first unless given otherwise); the raw answer. */
export function postClash(owner: Session, playerIds: number[], name = 'Friday duel'): Promise<Response> {
  return call('/clashes/', {
    method: 'POST',
    jar: owner.jar,
    body: { ownerId: owner.player.id, playerIds, type: 'LIVE', name },
  });
}

/** A clash of `owner` with `invited`, which must be created. */
export async function createClash(owner: Session, invited: Session[], name?: string): Promise<Clash> {
  const response = await postClash(owner, [owner.player.id, ...invited.map((p) => p.player.id)], name);
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body as Clash;
}

/** One lobby call as whoever `session` is (null: anonymous); the raw answer. */
export function lobby(session: Session | null, clashId: number, name: LobbyCall, body: unknown) {
  return call(`/clashes/${clashId}/${name}`, { method: 'PUT', jar: session?.jar, body });
}

/** `session` answers the invitation for themselves, which must succeed; the clash as they then see it. */
export async function answer(session: Session, clashId: number, how: 'accept' | 'decline'): Promise<Clash> {
  const response = await lobby(session, clashId, how, { playerId: session.player.id });
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as Clash;
}

/** GET /api/clashes/{id} as `session` (null: anonymous); the raw answer. */
export const getClash = (session: Session | null, clashId: number) =>
  call(`/clashes/${clashId}`, { jar: session?.jar });

/** GET a game as its player. */
export async function gameOf(session: Session, gameId: number): Promise<Game> {
  const response = await call(`/games/${gameId}`, { jar: session.jar });
  expect(response.status).toBe(200);
  return json<Game>(response);
}

export interface Started {
  clash: Clash;
  /** In turn order: the owner first. */
  players: Session[];
  /** Each player's game id, in turn order. */
  gameIds: number[];
}

/** A clash of `count` registered players, every invitation accepted: IN_PROGRESS, the owner on turn. */
export async function startedClash(count = 2): Promise<Started> {
  const [owner, ...invited] = await players(count);
  const created = await createClash(owner, invited);
  let clash = created;
  for (const p of invited) clash = await answer(p, created.id, 'accept');
  expect(clash.status).toBe('IN_PROGRESS');
  return {
    clash,
    players: [owner, ...invited],
    gameIds: clash.players.map((p) => p.gameId as number),
  };
}

/** One turn of the player on turn (roll, announce if need be, fill the first box the rules allow). */
export async function takeTurn(session: Session, gameId: number): Promise<Game> {
  return playTurn(session, await gameOf(session, gameId));
}

/**
 * The player's notification rows of `kind`. Notifications are sent after the answer, so this waits for
 * `atLeast` rows; asked for none (to show there are none), it gives them 200 ms to arrive.
 */
export async function notifications(playerId: number, kind: NotificationKind, atLeast = 1) {
  if (atLeast === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  const read = async () =>
    (
      await env.DB.prepare(
        'SELECT kind, params, link FROM notifications WHERE player_id = ? AND kind = ? ORDER BY id',
      )
        .bind(playerId, kind)
        .all<{ kind: string; params: string; link: string | null }>()
    ).results.map((row) => ({ ...row, params: JSON.parse(row.params) as Record<string, string> }));
  for (let attempt = 0; attempt < 50; attempt++) {
    const rows = await read();
    if (rows.length >= atLeast) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return read();
}

/** The clash's row in the D1 index. */
export const clashRow = (clashId: number) =>
  env.DB.prepare(
    'SELECT status, turn, winner_id AS winnerId, updated_at AS updatedAt FROM clashes WHERE id = ?',
  )
    .bind(clashId)
    .first<{ status: string; turn: number; winnerId: number | null; updatedAt: number }>();

/** The clash's players in the D1 index, in turn order. */
export const clashPlayerRows = async (clashId: number) =>
  (
    await env.DB.prepare(
      'SELECT player_id AS playerId, status, position, score, game_id AS gameId FROM clash_players WHERE clash_id = ? ORDER BY position',
    )
      .bind(clashId)
      .all<{
        playerId: number;
        status: string;
        position: number;
        score: number | null;
        gameId: number | null;
      }>()
  ).results;

export const clashRoom = (clashId: number) => env.CLASH_ROOM.getByName(String(clashId));

export type Message = ClashServerMessage | GameMessage;

export interface Socket {
  /** The next message (the first one is the greeting). */
  next(): Promise<Message>;
  /** Waits for the next message that passes `test`, dropping the others. */
  until(test: (message: Message) => boolean): Promise<Message>;
  send(message: unknown): void;
  /** How many messages arrived that nobody has read yet. */
  unread(): number;
  /** Resolves when the server closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/**
 * A socket on `/api/ws/clashes/{id}` or `/api/ws/games/{id}`, as `session`'s player or anonymously. The clash
 * log's `LOG` messages are a channel of their own: read only with `{ log: true }` (clashes-log.test.ts).
 */
export async function socket(
  path: string,
  session: Session | null = null,
  { log = false }: { log?: boolean } = {},
): Promise<Socket> {
  const response = await call(`/ws/${path}`, { headers: { Upgrade: 'websocket' }, jar: session?.jar });
  expect(response.status, `upgrade of ${path}`).toBe(101);
  const ws = response.webSocket;
  if (!ws) throw new Error('no WebSocket in the 101 answer');
  const queue: Message[] = [];
  const waiting: ((message: Message) => void)[] = [];
  let onClose: (value: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (onClose = resolve));
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    if (message.type === 'LOG' && !log) return;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  ws.addEventListener('close', (event) => onClose({ code: event.code, reason: event.reason }));
  ws.accept();
  const next = (): Promise<Message> => {
    const queued = queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no message on ${path} within 2 s`)), 2000);
      waiting.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  };
  return {
    next,
    async until(test) {
      for (;;) {
        const message = await next();
        if (test(message)) return message;
      }
    },
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    unread: () => queue.length,
    closed,
    close: () => ws.close(),
  };
}

/** Asserts no message arrives within `ms`. */
export async function expectSilence(s: Socket, ms = 200) {
  await new Promise((resolve) => setTimeout(resolve, ms));
  expect(s.unread()).toBe(0);
}

/** A started clash of registered players with a turn clock of `turnSeconds` (null: untimed), the owner on turn. */
export async function startedTimedClash(count: number, turnSeconds: number | null): Promise<Started> {
  const people = await players(count);
  const [owner, ...invited] = people as [Session, ...Session[]];
  const response = await call('/clashes/', {
    method: 'POST',
    jar: owner.jar,
    body: {
      ownerId: owner.player.id,
      playerIds: people.map((p) => p.player.id),
      type: 'LIVE',
      name: 'Clock',
      turnSeconds,
    },
  });
  expect(response.status).toBe(201);
  let clash = await json<Clash>(response);
  for (const p of invited) clash = await answer(p, clash.id, 'accept');
  expect(clash.status).toBe('IN_PROGRESS');
  return { clash, players: people, gameIds: clash.players.map((p) => p.gameId as number) };
}

/** The clock of the player on turn runs out now: the deadline moves to the past and the alarm runs. */
export async function runOutTurn(clashId: number) {
  await runInDurableObject(clashRoom(clashId), (_room, state) => {
    const record = state.storage.kv.get<ClashRecord>('clash');
    const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
    if (!record?.clash.turnDeadline || alarms.turn === undefined) throw new Error('no clock running');
    const past = Date.now() - 1;
    state.storage.kv.put('clash', { ...record, clash: { ...record.clash, turnDeadline: past } });
    state.storage.kv.put('alarms', { ...alarms, turn: past });
  });
  expect(await runDurableObjectAlarm(clashRoom(clashId))).toBe(true);
}

/** Yamb Bot, the practice opponent: the one player row marked as a bot. */
export async function theBot(): Promise<PlayerResource> {
  const page = await json<Page<'players', PlayerResource>>(await call('/players/?bot=true'));
  expect(page._embedded.players).toHaveLength(1);
  return page._embedded.players[0] as PlayerResource;
}

/** The bot's pause is over: its deadline moves to the past (the test runs the alarm itself). */
export async function pauseOver(clashId: number) {
  const set = await runInDurableObject(clashRoom(clashId), (_room, state) => {
    const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
    if (alarms.bot === undefined) return false;
    state.storage.kv.put('alarms', { ...alarms, bot: Date.now() - 1 });
    return true;
  });
  expect(set, 'the bot has its next action scheduled').toBe(true);
}

/** Fires the room's alarm until the human is on turn again or the clash is over; the bot's actions count. */
export async function letTheBotPlay(clashId: number, humanId: number): Promise<number> {
  let actions = 0;
  for (;;) {
    const clash = await json<ClashResource>(await getClash(null, clashId));
    if (clash.status !== 'IN_PROGRESS' || clash.players[clash.turn]?.id === humanId) return actions;
    await pauseOver(clashId);
    expect(await runDurableObjectAlarm(clashRoom(clashId))).toBe(true);
    actions++;
    expect(actions, 'the bot ends its turn within a few actions').toBeLessThan(60 * 6);
  }
}
