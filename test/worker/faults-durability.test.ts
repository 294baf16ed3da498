import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Health } from '../../contract/health';
import type { GameRecord } from '../../durable-objects/gameRecord';
import { BOX_TYPES, CLASSIC_RULES, fillableBoxes, type GameState, type Sheet } from '../../game';
import { forgetGameRow } from '../../worker/db/games';
import type { Env } from '../../worker/env';
import {
  type Clash,
  clashPlayerRows,
  clashRoom,
  clashRow,
  gameOf,
  getClash,
  notifications,
  startedClash,
  takeTurn,
} from './clashes-helpers';
import { startedDaily, dailyPlayer } from './daily-helpers';
import {
  callWith,
  currentGame,
  downD1,
  type Game,
  guestWithGame,
  indexRow,
  play,
  roomOf,
  scoresOf,
  setD1,
  toState,
} from './games-helpers';
import { json, type Session } from './helpers';
import { lastFill, oneBoxLeft, ratingRows, rewriteIndex } from './ratings-helpers';

// Faults: a room aborted mid-clash, a D1 index write that fails after a room's change, D1 down
// while games are played, and /api/health saying so.

/** Swaps the clash room instance's D1 binding (the runtime keeps the instance between these calls). */
async function setRoomD1(clashId: number, db: D1Database) {
  await runInDurableObject(clashRoom(clashId), (room) => {
    const holder = room as unknown as { env: Env };
    holder.env = { ...holder.env, DB: db };
  });
}

/** Brings a room's pending index retry (due INDEX_RETRY_MS after a failure) forward to now. */
async function indexRetryNow(stub: DurableObjectStub) {
  await runInDurableObject(stub, (_room, state) => {
    const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
    expect(alarms.index, 'a retry of the index write is scheduled').toBeGreaterThan(0);
    state.storage.kv.put('alarms', { ...alarms, index: Date.now() - 1 });
  });
}

/** The index written again from scratch, as after an answer lost on its way back from D1. */
async function rewriteGameIndex(gameId: number) {
  await runInDurableObject(roomOf(gameId), async (room, state) => {
    state.storage.kv.put('indexed-version', 0);
    await (room as unknown as { onAlarm(): Promise<void> }).onAlarm();
  });
}

/** A sheet with every box filled (1 point each) but FREE / YAMB. */
function sheetWithOneBoxLeft(): Sheet {
  return {
    columns: CLASSIC_RULES.columns.map((column) => ({
      type: column,
      boxes: BOX_TYPES.map((box) => ({ type: box, value: column === 'FREE' && box === 'YAMB' ? null : 1 })),
    })),
  };
}

/** Puts a GameRoom's game one fill (FREE / YAMB, dice rolled once) from its end. */
async function soloOneBoxLeft(gameId: number) {
  await runInDurableObject(roomOf(gameId), (_room, state) => {
    const record = state.storage.kv.get<GameRecord>('game');
    if (!record) throw new Error('no game record');
    const game: GameState = {
      ...record.state,
      sheet: sheetWithOneBoxLeft(),
      dice: [1, 2, 3, 4, 6],
      rollCount: 1,
      lastAction: 'ROLL',
      announcement: null,
      latestDiceRolled: [0, 1, 2, 3, 4],
      undoSnapshot: null,
    };
    state.storage.kv.put('game', { ...record, state: game });
  });
}

const fillBody = (game: Game) => {
  const [box] = fillableBoxes(toState(game)).filter((b) => b.column !== 'ANNOUNCEMENT');
  return JSON.stringify({ columnType: box?.column, boxType: box?.box });
};

describe('a ClashRoom aborted mid-clash', { timeout: 60_000 }, () => {
  it('aborted while fills are on their way, 6 times: every answered fill is kept, and play goes on', async () => {
    const { clash, players, gameIds } = await startedClash();
    const filledCount = (game: Game) =>
      game.sheet.columns.flatMap((c) => c.boxes).filter((b) => b.value !== null).length;
    const answered = [0, 0];
    for (let round = 0; round < 6; round++) {
      const before = await json<Clash>(await getClash(null, clash.id));
      const seat = before.turn;
      const session = players[seat] as Session;
      const gameId = gameIds[seat] as number;
      let game = await gameOf(session, gameId);
      if (game.rollCount === 0) game = await play(session, gameId, 'roll');
      const fill = callWith({}, `/games/${gameId}/fill`, session, {
        method: 'PUT',
        body: fillBody(game),
        headers: { 'Content-Type': 'application/json' },
      }).catch(() => null);
      const [answer] = await Promise.all([fill, abortAllDurableObjects()]);
      if (answer?.status === 200) answered[seat] = (answered[seat] ?? 0) + 1;

      // What the room says now is what it answered, or the fill it took without answering: never less.
      const now = await json<Clash>(await getClash(null, clash.id));
      const games = await Promise.all(players.map((p, i) => gameOf(p, gameIds[i] as number)));
      for (const [i, g] of games.entries()) expect(filledCount(g)).toBeGreaterThanOrEqual(answered[i] ?? 0);
      // And the clash agrees with its games: the turn is the one whose player has filled fewer boxes.
      const [first, second] = games.map(filledCount) as [number, number];
      expect(now.turn).toBe(first > second ? 1 : 0);
      answered[0] = first;
      answered[1] = second;
    }
    // Play goes on from there.
    const turn = (await json<Clash>(await getClash(null, clash.id))).turn;
    await takeTurn(players[turn] as Session, gameIds[turn] as number);
    expect((await json<Clash>(await getClash(null, clash.id))).turn).toBe(1 - turn);
  });
});

describe('the D1 index write fails after a room’s change: retried until it lands, nothing doubled', () => {
  it('a clash’s moves', async () => {
    const {
      clash,
      players: [owner, other],
      gameIds,
    } = await startedClash();
    await setRoomD1(clash.id, downD1);
    const ownerGame = await takeTurn(owner as Session, gameIds[0] as number);
    const otherGame = await takeTurn(other as Session, gameIds[1] as number);
    expect(await runDurableObjectAlarm(clashRoom(clash.id))).toBe(true);
    expect(await clashRow(clash.id)).toMatchObject({ turn: 0 });
    expect((await clashPlayerRows(clash.id)).map((r) => r.score)).toEqual([0, 0]);

    await setRoomD1(clash.id, env.DB);
    await indexRetryNow(clashRoom(clash.id));
    expect(await runDurableObjectAlarm(clashRoom(clash.id))).toBe(true);
    const scores = [ownerGame.totalSum, otherGame.totalSum];
    expect((await clashPlayerRows(clash.id)).map((r) => r.score)).toEqual(scores);
    expect(await indexRow(gameIds[1] as number)).toMatchObject({ totalSum: otherGame.totalSum, progress: 2 });
    // Written once more, the same.
    await rewriteIndex(clash.id);
    expect((await clashPlayerRows(clash.id)).map((r) => r.score)).toEqual(scores);
  });

  it('a clash’s completion: its scores and ratings land once D1 is back, once', async () => {
    const started = await startedClash();
    const ids = started.players.map((p) => p.player.id);
    await oneBoxLeft(started.clash.id, started.gameIds, [0, 10]);
    await setRoomD1(started.clash.id, downD1);
    await lastFill(started.players[0] as Session, started.gameIds[0] as number);
    const last = await lastFill(started.players[1] as Session, started.gameIds[1] as number);
    expect(last.status).toBe('COMPLETED');
    // The players saw the clash end; D1 has none of it yet.
    expect((await json<Clash>(await getClash(null, started.clash.id))).status).toBe('COMPLETED');
    expect(await clashRow(started.clash.id)).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await ratingRows(started.clash.id)).toEqual([]);

    await setRoomD1(started.clash.id, env.DB);
    await indexRetryNow(clashRoom(started.clash.id));
    expect(await runDurableObjectAlarm(clashRoom(started.clash.id))).toBe(true);
    const done = await json<Clash>(await getClash(null, started.clash.id));
    expect(await clashRow(started.clash.id)).toMatchObject({ status: 'COMPLETED', winnerId: ids[1] });
    expect((await clashPlayerRows(started.clash.id)).map((r) => r.score)).toEqual(
      done.players.map((p) => p.score),
    );
    const scoreRows = async () =>
      (await Promise.all(started.gameIds.map((id) => scoresOf(id)))).map((rows) => rows.length);
    expect(await scoreRows()).toEqual([1, 1]);
    expect((await ratingRows(started.clash.id)).map((r) => r.place).sort()).toEqual([1, 2]);
    const ratings = await env.DB.prepare('SELECT count(*) AS n FROM rating_changes WHERE clash_id = ?')
      .bind(started.clash.id)
      .first<{ n: number }>();
    expect(ratings).toEqual({ n: 2 });

    // Written again twice: nothing doubled.
    await rewriteIndex(started.clash.id);
    await rewriteIndex(started.clash.id);
    expect(await scoreRows()).toEqual([1, 1]);
    expect(await ratingRows(started.clash.id)).toHaveLength(2);
  });

  it('a clash’s completion: everyone is told it ended and how their rating moved once D1 is back, once', async () => {
    const started = await startedClash();
    const ids = started.players.map((p) => p.player.id);
    await oneBoxLeft(started.clash.id, started.gameIds, [5, 0]);
    await setRoomD1(started.clash.id, downD1);
    await lastFill(started.players[0] as Session, started.gameIds[0] as number);
    await lastFill(started.players[1] as Session, started.gameIds[1] as number);
    // Nothing could be written, so nothing was told yet.
    await setRoomD1(started.clash.id, env.DB);
    for (const id of ids) expect(await notifications(id, 'clash-completed', 0)).toEqual([]);

    await indexRetryNow(clashRoom(started.clash.id));
    expect(await runDurableObjectAlarm(clashRoom(started.clash.id))).toBe(true);
    for (const id of ids) {
      expect(await notifications(id, 'clash-completed')).toHaveLength(1);
      expect(await notifications(id, 'rating-changed')).toHaveLength(1);
    }
    // A later alarm (the index written again) tells nobody twice.
    await rewriteIndex(started.clash.id);
    for (const id of ids) {
      expect(await notifications(id, 'clash-completed', 0)).toHaveLength(1);
      expect(await notifications(id, 'rating-changed', 0)).toHaveLength(1);
    }
  });

  it('a solo game’s completion: its score lands once D1 is back, once', async () => {
    const me = await guestWithGame();
    await soloOneBoxLeft(me.game.id);
    await setD1(me.game.id, downD1);
    const done = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'YAMB' });
    expect(done.status).toBe('COMPLETED');
    expect(await scoresOf(me.game.id)).toEqual([]);

    await setD1(me.game.id, env.DB);
    await indexRetryNow(roomOf(me.game.id));
    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(true);
    expect(await scoresOf(me.game.id)).toEqual([{ playerId: me.player.id, value: done.totalSum }]);
    expect(await indexRow(me.game.id)).toMatchObject({ status: 'COMPLETED', totalSum: done.totalSum });
    await rewriteGameIndex(me.game.id);
    expect(await scoresOf(me.game.id)).toHaveLength(1);
  });

  it('a daily game’s result: in the day’s ranking once D1 is back, once', async () => {
    const me = await dailyPlayer();
    const game = await startedDaily(me);
    await soloOneBoxLeft(game.id);
    await setD1(game.id, downD1);
    const done = await play(me, game.id, 'fill', { columnType: 'FREE', boxType: 'YAMB' });
    expect(done.status).toBe('COMPLETED');
    const result = () =>
      env.DB.prepare('SELECT total, completed_at AS completedAt FROM daily_games WHERE game_id = ?')
        .bind(game.id)
        .first<{ total: number | null; completedAt: number | null }>();
    expect(await result()).toEqual({ total: null, completedAt: null });

    await setD1(game.id, env.DB);
    await indexRetryNow(roomOf(game.id));
    expect(await runDurableObjectAlarm(roomOf(game.id))).toBe(true);
    const landed = await result();
    expect(landed).toEqual({ total: done.totalSum, completedAt: Date.parse(done.updatedAt) });
    await rewriteGameIndex(game.id);
    expect(await result()).toEqual(landed);
    // A daily game never counts in the rankings by period.
    expect(await scoresOf(game.id)).toEqual([]);
  });
});

describe('D1 down', () => {
  const down = { DB: downD1 };

  it('GET /api/health answers 503 degraded, with the database down and the rest up', async () => {
    const response = await callWith(down, '/health', null);
    expect(response.status).toBe(503);
    const health = await json<Health>(response);
    expect(health.status).toBe('degraded');
    expect(health.services.database.up).toBe(false);
    expect(health.services.rooms.up).toBe(true);
    expect(health.services.storage.up).toBe(true);
  });

  it('a solo game in progress is played on: roll, fill, undo, with neither the Worker nor the room reaching D1', async () => {
    const me = await guestWithGame();
    // This isolate learns which room holds the game (the one D1 read on a move's path, then remembered).
    expect((await callWith({}, `/games/${me.game.id}/roll`, me, { method: 'PUT' })).status).toBe(200);
    await setD1(me.game.id, downD1);
    const put = (name: string, body?: unknown) =>
      callWith(down, `/games/${me.game.id}/${name}`, me, {
        method: 'PUT',
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      });
    expect((await put('roll')).status).toBe(200);
    const filled = await put('fill', { columnType: 'FREE', boxType: 'ONES' });
    expect(filled.status).toBe(200);
    expect((await put('undo')).status).toBe(200);
    const read = await callWith(down, `/games/${me.game.id}`, me);
    expect(read.status).toBe(200);
    expect((await json<Game>(read)).rollCount).toBe(2);

    await setD1(me.game.id, env.DB);
    expect((await currentGame(me)).id).toBe(me.game.id);
  });

  it('a clash game in progress is played on by both players, turn after turn', async () => {
    const { clash, players, gameIds } = await startedClash();
    for (const [i, session] of players.entries())
      expect((await callWith({}, `/games/${gameIds[i]}`, session)).status).toBe(200);
    await setRoomD1(clash.id, downD1);
    for (let round = 0; round < 2; round++)
      for (const [i, session] of players.entries()) {
        const gameId = gameIds[i] as number;
        const rolled = await callWith(down, `/games/${gameId}/roll`, session, { method: 'PUT' });
        expect(rolled.status, `round ${round}, player ${i}`).toBe(200);
        const filled = await callWith(down, `/games/${gameId}/fill`, session, {
          method: 'PUT',
          body: fillBody(await json<Game>(rolled)),
          headers: { 'Content-Type': 'application/json' },
        });
        expect(filled.status, `round ${round}, player ${i}`).toBe(200);
      }
    await setRoomD1(clash.id, env.DB);
    const now = await json<Clash>(await getClash(null, clash.id));
    expect(now.turn).toBe(0);
    expect((await gameOf(players[1] as Session, gameIds[1] as number)).progress).toBeGreaterThan(0);
  });

  it('a clash read while D1 is down comes from the clash’s room (200), and a number that is no clash is 404, not 500', async () => {
    const { clash, players } = await startedClash();
    const response = await callWith(down, `/clashes/${clash.id}`, players[0] as Session);
    expect(response.status).toBe(200);
    expect((await json<Clash>(response)).id).toBe(clash.id);
    const none = await callWith(down, '/clashes/876543', players[0] as Session);
    expect(none.status).toBe(404);
    expect((await json<{ key: string }>(none)).key).toBe('clash-not-found');
  });

  it('a move on a solo game this isolate has not looked up yet goes to the game’s own room: played on', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    forgetGameRow(me.game.id);
    const response = await callWith(down, `/games/${me.game.id}/roll`, me, { method: 'PUT' });
    expect(response.status).toBe(200);
    expect((await json<Game>(response)).rollCount).toBe(2);
  });
});
