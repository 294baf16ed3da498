import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  type ClashResource,
  CORRESPONDENCE_MAX_PER_PLAYER,
  CORRESPONDENCE_WARNING_SECONDS,
  DAY_SECONDS,
} from '../../contract/clashes';
import type { Page } from '../../contract/page';
import {
  answer,
  clashRoom,
  getClash,
  notifications,
  players,
  runOutTurn,
  startedTimedClash,
  takeTurn,
} from './clashes-helpers';
import { call, expectError, json, type Session } from './helpers';

// Correspondence clashes (issue 29): clocks of 1 and 3 days a turn with the turn-clock rules of the live
// ones, the warning hours before the end, the one "more time" gift per clash, and at most 30 at once.

const clashNow = async (clashId: number) => json<ClashResource>(await getClash(null, clashId));

const alarmsOf = (clashId: number) =>
  runInDurableObject(
    clashRoom(clashId),
    (_room, state) => state.storage.kv.get<Record<string, number>>('alarms') ?? {},
  );

const newClash = (owner: Session, others: Session[], turnSeconds: unknown) =>
  call('/clashes/', {
    method: 'POST',
    jar: owner.jar,
    body: {
      ownerId: owner.player.id,
      playerIds: [owner, ...others].map((p) => p.player.id),
      type: 'LIVE',
      name: 'Letters',
      turnSeconds,
    },
  });

const giveMoreTime = (session: Session, clashId: number) =>
  call(`/clashes/${clashId}/more-time`, { method: 'PUT', jar: session.jar });

/** `count` running correspondence clashes of `player`, written straight into the D1 index. */
async function holdCorrespondence(playerId: number, count: number) {
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const row = await env.DB.prepare(
      `INSERT INTO clashes (name, owner_id, status, turn, turn_seconds, created_at, updated_at)
       VALUES ('Held', ?, 'IN_PROGRESS', 0, ?, ?, ?) RETURNING id`,
    )
      .bind(playerId, DAY_SECONDS, now, now)
      .first<{ id: number }>();
    await env.DB.prepare(
      "INSERT INTO clash_players (clash_id, player_id, status, position) VALUES (?, ?, 'ACCEPTED', 0)",
    )
      .bind(row?.id, playerId)
      .run();
  }
}

describe('correspondence clocks', () => {
  it('accepts 1 and 3 days a turn, refuses other lengths, and sets the deadline and the warning', async () => {
    const [ana, ben, cleo] = await players(3);
    for (const bad of [2 * DAY_SECONDS, 3600, DAY_SECONDS + 1]) {
      await expectError(await newClash(ana, [ben], bad), 400, 'turn-seconds-invalid');
    }
    for (const [seconds, friend] of [
      [DAY_SECONDS, ben],
      [3 * DAY_SECONDS, cleo],
    ] as const) {
      const created = await json<ClashResource>(await newClash(ana, [friend], seconds));
      expect(created).toMatchObject({ turnSeconds: seconds, turnDeadline: null });
      const started = await answer(friend, created.id, 'accept');
      const deadline = Date.parse(started.turnDeadline ?? '');
      expect(deadline).toBeGreaterThan(Date.now() + seconds * 1000 - 60_000);
      expect(deadline).toBeLessThanOrEqual(Date.now() + seconds * 1000);
      const alarms = await alarmsOf(created.id);
      expect(alarms.turn).toBe(deadline);
      // Hours before the end, not 15 s: time to see it and play.
      expect(alarms.warn).toBe(deadline - CORRESPONDENCE_WARNING_SECONDS * 1000);
      // The clash lists (read from D1) show the clock and the time left too.
      const list = await json<Page<'clashes', ClashResource>>(
        await call('/clashes/?page=0&size=5&sort=updatedAt&order=DESC', { jar: friend.jar }),
      );
      const listed = list._embedded?.clashes.find((c) => c.id === created.id);
      expect(listed).toMatchObject({ turnSeconds: seconds, turnDeadline: started.turnDeadline });
    }
  });

  it('warns in hours, worded for a day clock', async () => {
    const { clash, players: people } = await startedTimedClash(2, DAY_SECONDS);
    const [ana] = people as [Session, Session];
    const room = clashRoom(clash.id);
    await runInDurableObject(room, (_room, state) => {
      const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
      state.storage.kv.put('alarms', { ...alarms, warn: Date.now() - 1 });
    });
    expect(await runDurableObjectAlarm(room)).toBe(true);
    const [warning] = await notifications(ana.player.id, 'clash-turn-warning');
    expect(warning?.params).toMatchObject({ context: 'hours', hours: '24' });
    const row = await env.DB.prepare(
      "SELECT content FROM notifications WHERE player_id = ? AND kind = 'clash-turn-warning'",
    )
      .bind(ana.player.id)
      .first<{ content: string }>();
    expect(row?.content).toBe('Your turn in the clash "Clock" runs out in 24 h');
  });

  it('passes a turn whose clock the dev route ran out, and three missed in a row forfeit', async () => {
    const { clash, players: people, gameIds } = await startedTimedClash(2, DAY_SECONDS);
    const [ana, ben] = people as [Session, Session];
    // The browser test's way: the clock of the turn on is moved to run out in a second.
    const moved = await call(`/dev/clashes/${clash.id}/clock`, {
      method: 'PUT',
      jar: ana.jar,
      body: { seconds: 1 },
    });
    expect(moved.status).toBe(200);
    const at = (await alarmsOf(clash.id)).turn ?? 0;
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    // Too close to the end for a warning hours before it.
    expect((await alarmsOf(clash.id)).warn).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now() + 5)));
    // The alarm may have run by itself already: then there is nothing left to run.
    await runDurableObjectAlarm(clashRoom(clash.id));
    const passed = await clashNow(clash.id);
    expect(passed.turn).toBe(1);
    expect(Date.parse(passed.turnDeadline ?? '')).toBeGreaterThan(Date.now() + DAY_SECONDS * 1000 - 60_000);
    await takeTurn(ben, gameIds[1] as number);
    await runOutTurn(clash.id);
    await takeTurn(ben, gameIds[1] as number);
    await runOutTurn(clash.id);
    const over = await clashNow(clash.id);
    expect(over.status).toBe('COMPLETED');
    expect(over.players[0]?.forfeited).toBe(true);
    expect(over.winner?.id).toBe(ben.player.id);
    expect(await notifications(ana.player.id, 'clash-forfeited')).toHaveLength(1);
  });
});

describe('the "more time" gift', () => {
  it('gives the player on turn one more day, once per clash, logged and moved on the alarms', async () => {
    const { clash, players: people } = await startedTimedClash(3, DAY_SECONDS);
    const [ana, ben, cleo] = people as [Session, Session, Session];
    const before = Date.parse(clash.turnDeadline ?? '');
    // Not to oneself: Ana is on turn.
    await expectError(await giveMoreTime(ana, clash.id), 409, 'clash-own-turn');
    const seenByAna = await json<ClashResource>(await getClash(ana, clash.id));
    expect(seenByAna._links.moreTime).toBeUndefined();
    const seenByBen = await json<ClashResource>(await getClash(ben, clash.id));
    expect(seenByBen._links.moreTime?.href).toBe(`/api/clashes/${clash.id}/more-time`);
    // Nor by someone outside the clash.
    const [stranger] = await players(1);
    await expectError(await giveMoreTime(stranger as Session, clash.id), 403, 'not-clash-member');

    const given = await giveMoreTime(ben, clash.id);
    expect(given.status).toBe(200);
    const after = await json<ClashResource>(given);
    const deadline = Date.parse(after.turnDeadline ?? '');
    expect(deadline).toBe(before + DAY_SECONDS * 1000);
    expect(after._links.moreTime).toBeUndefined();
    const alarms = await alarmsOf(clash.id);
    expect(alarms.turn).toBe(deadline);
    expect(alarms.warn).toBe(deadline - CORRESPONDENCE_WARNING_SECONDS * 1000);
    const log = await runInDurableObject(clashRoom(clash.id), (_room, state) =>
      [...state.storage.kv.list<{ kind: string; by?: string }>({ prefix: 'log-line-' })].map(
        ([, line]) => line,
      ),
    );
    expect(log).toContainEqual(expect.objectContaining({ kind: 'MORE_TIME', by: ben.player.name }));
    // Once per clash in all: neither Ben again nor Cleo.
    await expectError(await giveMoreTime(ben, clash.id), 409, 'clash-more-time-given');
    await expectError(await giveMoreTime(cleo, clash.id), 409, 'clash-more-time-given');
    const listed = await clashNow(clash.id);
    expect(listed.turnDeadline).toBe(after.turnDeadline);
  });

  it('is not given in a live clash', async () => {
    const { clash, players: people } = await startedTimedClash(2, 60);
    await expectError(await giveMoreTime(people[1] as Session, clash.id), 409, 'clash-not-correspondence');
    const { clash: untimed, players: friends } = await startedTimedClash(2, null);
    await expectError(await giveMoreTime(friends[1] as Session, untimed.id), 409, 'clash-not-correspondence');
  });
});

describe(`at most ${CORRESPONDENCE_MAX_PER_PLAYER} correspondence clashes at once`, () => {
  it('refuses a new one beyond the limit, to its owner and for an invited player; live clocks pass', async () => {
    const [ana, ben, cleo, dora] = await players(4);
    await holdCorrespondence(ana.player.id, CORRESPONDENCE_MAX_PER_PLAYER);
    await expectError(await newClash(ana, [ben], DAY_SECONDS), 409, 'correspondence-limit');
    expect((await newClash(ana, [ben], 60)).status).toBe(201);
    // Ana at the limit cannot be put in one either.
    await expectError(await newClash(cleo, [ana], 3 * DAY_SECONDS), 409, 'correspondence-limit');
    // Below it, one more is fine.
    await holdCorrespondence(cleo.player.id, CORRESPONDENCE_MAX_PER_PLAYER - 1);
    expect((await newClash(cleo, [dora], DAY_SECONDS)).status).toBe(201);
  });

  it('an invited player who reached the limit meanwhile cannot accept', async () => {
    const [ana, ben] = await players(2);
    const created = await json<ClashResource>(await newClash(ana, [ben], DAY_SECONDS));
    await holdCorrespondence(ben.player.id, CORRESPONDENCE_MAX_PER_PLAYER);
    await expectError(
      await call(`/clashes/${created.id}/accept`, {
        method: 'PUT',
        jar: ben.jar,
        body: { playerId: ben.player.id },
      }),
      409,
      'correspondence-limit',
    );
    expect((await json<ClashResource>(await getClash(ana, created.id))).status).toBe('PENDING');
  });
});

describe('the clashes list in turn order', () => {
  /** A clash of `ids` (in turn order) written straight into the D1 index. */
  async function indexed(
    ids: number[],
    status: string,
    turn: number,
    deadline: number | null,
    updatedAt: number,
  ) {
    const row = await env.DB.prepare(
      `INSERT INTO clashes (name, owner_id, status, turn, turn_seconds, turn_deadline, created_at, updated_at)
       VALUES ('Order', ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
      .bind(ids[0], status, turn, deadline === null ? null : DAY_SECONDS, deadline, updatedAt, updatedAt)
      .first<{ id: number }>();
    for (const [position, id] of ids.entries())
      await env.DB.prepare(
        "INSERT INTO clash_players (clash_id, player_id, status, position) VALUES (?, ?, 'ACCEPTED', ?)",
      )
        .bind(row?.id, id, position)
        .run();
    return row?.id as number;
  }

  it('puts the viewer’s turns first, the soonest clock on top, then the rest by their latest change', async () => {
    const [ana, ben] = await players(2);
    const [a, b] = [ana.player.id, ben.player.id];
    const now = Date.now();
    const bensTurn = await indexed([b, a], 'IN_PROGRESS', 0, now + 3600_000, now - 1000);
    const untimed = await indexed([a, b], 'IN_PROGRESS', 0, null, now - 5000);
    const inTwoDays = await indexed([b, a], 'IN_PROGRESS', 1, now + 2 * DAY_SECONDS * 1000, now - 4000);
    const inOneDay = await indexed([a, b], 'IN_PROGRESS', 0, now + DAY_SECONDS * 1000, now - 3000);
    const over = await indexed([a, b], 'COMPLETED', 0, null, now);
    const order = async (session: Session) =>
      (
        await json<Page<'clashes', ClashResource>>(
          await call('/clashes/?page=0&size=10&sort=turn', { jar: session.jar }),
        )
      )._embedded?.clashes.map((c) => c.id);
    expect(await order(ana)).toEqual([inOneDay, inTwoDays, untimed, over, bensTurn]);
    expect(await order(ben)).toEqual([bensTurn, over, inOneDay, inTwoDays, untimed]);
  });
});
