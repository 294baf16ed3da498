import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type ClashResource, TURN_WARNING_SECONDS } from '../../contract/clashes';
import type { ClashRecord } from '../../durable-objects/clashRecord';
import { answer, clashRoom, gameOf, getClash, notifications, players, takeTurn } from './clashes-helpers';
import { play } from './games-helpers';
import { call, expectError, json, type Session } from './helpers';
import { openTab } from './presence-helpers';

// The turn clock: chosen at creation, kept by the ClashRoom's alarm. A turn that runs out is
// passed (dice thrown away, nothing filled); three in a row forfeit the player; a clash left with one
// player who has not forfeited ends with that player winning.

async function timedClash(
  count: number,
  turnSeconds: number | null,
): Promise<{ clash: ClashResource; people: Session[] }> {
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
  let clash = await json<ClashResource>(response);
  for (const p of invited) clash = await answer(p, clash.id, 'accept');
  return { clash, people };
}

async function clashNow(clashId: number): Promise<ClashResource> {
  return json<ClashResource>(await getClash(null, clashId));
}

/** The clock of the player on turn runs out now: the deadline moves to the past and the alarm runs. */
async function runOut(clashId: number) {
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

const filled = (game: { sheet: { columns: { boxes: { value: number | null }[] }[] } }) =>
  game.sheet.columns.flatMap((c) => c.boxes).filter((b) => b.value !== null).length;

describe('the turn clock', () => {
  it('is chosen at creation: untimed by default, 30/60/120 s, anything else refused', async () => {
    const [owner, friend] = await players(2);
    const body = (turnSeconds?: unknown) => ({
      ownerId: owner.player.id,
      playerIds: [owner.player.id, friend.player.id],
      type: 'LIVE',
      name: 'Clocks',
      ...(turnSeconds === undefined ? {} : { turnSeconds }),
    });
    const untimed = await json<ClashResource>(
      await call('/clashes/', { method: 'POST', jar: owner.jar, body: body() }),
    );
    expect(untimed).toMatchObject({ turnSeconds: null, turnDeadline: null });
    // One pending clash at a time between an owner and a player: this one goes first.
    expect((await call(`/clashes/${untimed.id}`, { method: 'DELETE', jar: owner.jar })).status).toBe(204);
    for (const bad of [45, 0, -30, '60', 1e9]) {
      await expectError(
        await call('/clashes/', { method: 'POST', jar: owner.jar, body: body(bad) }),
        400,
        'turn-seconds-invalid',
      );
    }
    const timed = await json<ClashResource>(
      await call('/clashes/', { method: 'POST', jar: owner.jar, body: body(120) }),
    );
    expect(timed).toMatchObject({ turnSeconds: 120, turnDeadline: null });
    const started = await answer(friend, timed.id, 'accept');
    const deadline = Date.parse(started.turnDeadline ?? '');
    expect(deadline).toBeGreaterThan(Date.now() + 110_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 120_000);
    // The server's deadline, the same on every read (a reload shows the same time left).
    expect((await clashNow(timed.id)).turnDeadline).toBe(started.turnDeadline);
  });

  it('restarts with each turn, and an untimed clash has no deadline while it is played', async () => {
    const { clash, people } = await timedClash(2, 30);
    const first = Date.parse(clash.turnDeadline ?? '');
    await takeTurn(people[0] as Session, clash.players[0]?.gameId as number);
    const after = await clashNow(clash.id);
    expect(after.turn).toBe(1);
    expect(Date.parse(after.turnDeadline ?? '')).toBeGreaterThanOrEqual(first);
    const { clash: friendly } = await timedClash(2, null);
    expect(friendly.status).toBe('IN_PROGRESS');
    expect(friendly.turnDeadline).toBeNull();
  });

  it('passes a turn that runs out: the dice are thrown away, nothing is filled, the next player is on', async () => {
    const { clash, people } = await timedClash(2, 60);
    const [ana, ben] = people as [Session, Session];
    const anaGame = clash.players[0]?.gameId as number;
    const rolled = await play(ana, anaGame, 'roll');
    expect(rolled.rollCount).toBe(1);
    await runOut(clash.id);
    const after = await clashNow(clash.id);
    expect(after.turn).toBe(1);
    expect(after.players[0]?.forfeited).toBe(false);
    expect(Date.parse(after.turnDeadline ?? '')).toBeGreaterThan(Date.now() + 50_000);
    const game = await gameOf(ana, anaGame);
    expect(game.rollCount).toBe(0);
    expect(filled(game)).toBe(0);
    await expectError(
      await call(`/games/${anaGame}/roll`, {
        method: 'PUT',
        jar: ana.jar,
        body: { diceToRoll: [0, 1, 2, 3, 4] },
      }),
      409,
      'not-your-turn',
    );
    // Ben plays; Ana, back in time, plays on as if nothing happened.
    await takeTurn(ben, clash.players[1]?.gameId as number);
    await takeTurn(ana, anaGame);
    expect(filled(await gameOf(ana, anaGame))).toBe(1);
  });

  it('forfeits a player after three missed turns in a row; left alone, the other wins', async () => {
    const { clash, people } = await timedClash(2, 30);
    const [ana, ben] = people as [Session, Session];
    const benGame = clash.players[1]?.gameId as number;
    for (let missed = 0; missed < 3; missed++) {
      await runOut(clash.id); // Ana's clock
      if (missed < 2) await takeTurn(ben, benGame);
    }
    const over = await clashNow(clash.id);
    expect(over.status).toBe('COMPLETED');
    expect(over.players[0]?.forfeited).toBe(true);
    expect(over.players.map((p) => p.crown)).toEqual([false, true]);
    expect(over.winner?.id).toBe(ben.player.id);
    expect(over.turnDeadline).toBeNull();
    expect(await notifications(ana.player.id, 'clash-forfeited')).toHaveLength(1);
    expect(await notifications(ben.player.id, 'clash-completed')).toHaveLength(1);
    // Unfinished sheets are no scores.
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM scores WHERE game_id IN (?, ?)')
      .bind(clash.players[0]?.gameId, benGame)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    // Nor in play any more: both sheets are put away, in their resources and in the games lists.
    for (const p of over.players) {
      const game = await json<{ status: string; _links: Record<string, unknown> }>(
        await call(`/games/${p.gameId}`, { jar: ana.jar }),
      );
      expect(game.status).toBe('ARCHIVED');
      expect(game._links.roll).toBeUndefined();
    }
    const statuses = await env.DB.prepare('SELECT status FROM games WHERE id IN (?, ?)')
      .bind(clash.players[0]?.gameId, benGame)
      .all<{ status: string }>();
    expect(statuses.results.map((r) => r.status)).toEqual(['ARCHIVED', 'ARCHIVED']);
  });

  it('a turn played in between clears the missed turns', async () => {
    const { clash, people } = await timedClash(2, 30);
    const [ana, ben] = people as [Session, Session];
    const [anaGame, benGame] = clash.players.map((p) => p.gameId as number) as [number, number];
    for (const _ of [1, 2]) {
      await runOut(clash.id);
      await takeTurn(ben, benGame);
    }
    await takeTurn(ana, anaGame);
    await takeTurn(ben, benGame);
    for (const _ of [1, 2]) {
      await runOut(clash.id);
      await takeTurn(ben, benGame);
    }
    const still = await clashNow(clash.id);
    expect(still.status).toBe('IN_PROGRESS');
    expect(still.players[0]?.forfeited).toBe(false);
  });

  it('in a clash of three, the others play on without the forfeited player', async () => {
    const { clash, people } = await timedClash(3, 30);
    const [, ben, cleo] = people as [Session, Session, Session];
    const games = clash.players.map((p) => p.gameId as number);
    for (let round = 0; round < 3; round++) {
      await runOut(clash.id); // Ana
      await takeTurn(ben, games[1] as number);
      await takeTurn(cleo, games[2] as number);
    }
    const now = await clashNow(clash.id);
    expect(now.status).toBe('IN_PROGRESS');
    expect(now.players[0]?.forfeited).toBe(true);
    // Ana is skipped: after Cleo comes Ben.
    expect(now.turn).toBe(1);
    await takeTurn(ben, games[1] as number);
    expect((await clashNow(clash.id)).turn).toBe(2);
  });

  it(`warns the player on turn ${TURN_WARNING_SECONDS} s before the clock runs out`, async () => {
    const { clash, people } = await timedClash(2, 60);
    const room = clashRoom(clash.id);
    const warnAt = await runInDurableObject(room, (_room, state) => {
      const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
      state.storage.kv.put('alarms', { ...alarms, warn: Date.now() - 1 });
      return alarms.warn;
    });
    expect(warnAt).toBe(Date.parse(clash.turnDeadline ?? '') - TURN_WARNING_SECONDS * 1000);
    expect(await runDurableObjectAlarm(room)).toBe(true);
    const [warning] = await notifications((people[0] as Session).player.id, 'clash-turn-warning');
    expect(warning?.link).toBe(`/clashes/${clash.id}`);
    expect(Number(warning?.params.seconds)).toBeGreaterThan(40);
    expect(await notifications((people[1] as Session).player.id, 'clash-turn-warning', 0)).toHaveLength(0);
  });

  it('takes the warning back once that turn is over: the row goes and the player’s tabs drop it', async () => {
    const { clash, people } = await timedClash(2, 60);
    const [ana] = people as [Session, Session];
    const room = clashRoom(clash.id);
    await runInDurableObject(room, (_room, state) => {
      const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
      state.storage.kv.put('alarms', { ...alarms, warn: Date.now() - 1 });
    });
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect(await notifications(ana.player.id, 'clash-turn-warning')).toHaveLength(1);
    const [row] = (
      await env.DB.prepare("SELECT id FROM notifications WHERE player_id = ? AND kind = 'clash-turn-warning'")
        .bind(ana.player.id)
        .all<{ id: number }>()
    ).results;
    const tab = await openTab(ana);

    // A roll keeps the turn (and the warning); the fill ends it.
    await play(ana, clash.players[0]!.gameId!, 'roll');
    expect(await notifications(ana.player.id, 'clash-turn-warning', 0)).toHaveLength(1);
    await takeTurn(ana, clash.players[0]!.gameId!);
    expect(await tab.until((m) => m.type === 'NOTIFICATION_GONE')).toEqual({
      type: 'NOTIFICATION_GONE',
      id: row!.id,
    });
    expect(await notifications(ana.player.id, 'clash-turn-warning', 0)).toHaveLength(0);
    tab.close();
  });
});
