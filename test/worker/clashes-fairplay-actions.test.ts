import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CLASH_STALL_MS, type ClashResource } from '../../contract/clashes';
import type { QuickMatchSeated } from '../../contract/quickMatch';
import type { ClashRecord } from '../../durable-objects/clashRecord';
import {
  clashRoom,
  createClash,
  gameOf,
  getClash,
  notifications,
  players,
  socket,
  takeTurn,
} from './clashes-helpers';
import { clashNow, clockedClash } from './clashes-fairplay-helpers';
import { play } from './games-helpers';
import { call, expectError, json, type Session } from './helpers';
import { letTheBotPlay, theBot } from './ratings-helpers';

// The ways out of a clash: resigning (a forfeit), passing the turn of a player who stalls an
// untimed clash for 7 days, and one quick match at a time.

const resign = (session: Session | null, clashId: number) =>
  call(`/clashes/${clashId}/resign`, { method: 'PUT', jar: session?.jar });
const pass = (session: Session | null, clashId: number) =>
  call(`/clashes/${clashId}/pass`, { method: 'PUT', jar: session?.jar });

/** The turn on began `ms` earlier, in the room's record and its stall deadline. */
async function ageTurn(clashId: number, ms: number) {
  await runInDurableObject(clashRoom(clashId), (_room, state) => {
    const record = state.storage.kv.get<ClashRecord>('clash');
    if (!record) throw new Error('no clash record');
    const turnStartedAt = Date.now() - ms;
    state.storage.kv.put('clash', { ...record, clash: { ...record.clash, turnStartedAt } });
    const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
    state.storage.kv.put('alarms', { ...alarms, stall: turnStartedAt + CLASH_STALL_MS });
  });
}

describe('resigning a clash', () => {
  it('is a link of the playing members only, refused to others and once the clash is over', async () => {
    const { clash, people } = await clockedClash(2, null);
    const [ana, ben] = people as [Session, Session];
    const [stranger] = await players(1);
    expect((await clashNow(clash.id, ana))._links.resign?.href).toBe(`/api/clashes/${clash.id}/resign`);
    expect((await clashNow(clash.id, ben))._links.resign).toBeDefined();
    expect((await clashNow(clash.id, stranger!))._links.resign).toBeUndefined();
    expect((await clashNow(clash.id))._links.resign).toBeUndefined();
    await expectError(await resign(null, clash.id), 401, 'unauthorized');
    await expectError(await resign(stranger!, clash.id), 403, 'not-clash-member');
    await expectError(await resign(ana, 999_999_999), 404, 'clash-not-found');

    // Ben, not on turn, resigns: left alone, Ana wins.
    const after = await json<ClashResource>(await resign(ben, clash.id));
    expect(after.status).toBe('COMPLETED');
    expect(after.winner?.id).toBe(ana.player.id);
    expect(after.players[1]).toMatchObject({ forfeited: true, resigned: true, crown: false });
    expect(after._links.resign).toBeUndefined();
    await expectError(await resign(ana, clash.id), 409, 'clash-not-in-progress');
    expect(await notifications(ana.player.id, 'clash-completed')).toHaveLength(1);
  });

  it('of a pending clash is nothing to its outsiders', async () => {
    const [owner, friend, stranger] = await players(3);
    const pending = await createClash(owner!, [friend!]);
    expect(pending._links.resign).toBeUndefined();
    await expectError(await resign(stranger!, pending.id), 404, 'clash-not-found');
    await expectError(await resign(owner!, pending.id), 409, 'clash-not-in-progress');
  });

  it('on turn passes the turn, dice thrown away, and the others play on', async () => {
    const { clash, people, games } = await clockedClash(3, 60);
    const [ana, ben, cleo] = people as [Session, Session, Session];
    await play(ana, games[0] as number, 'roll');
    const after = await json<ClashResource>(await resign(ana, clash.id));
    expect(after).toMatchObject({ status: 'IN_PROGRESS', turn: 1 });
    expect(after.players[0]).toMatchObject({ forfeited: true, resigned: true });
    expect(Date.parse(after.turnDeadline ?? '')).toBeGreaterThan(Date.parse(clash.turnDeadline ?? ''));
    expect((await gameOf(ana, games[0] as number)).rollCount).toBe(0);
    await expectError(await resign(ana, clash.id), 409, 'clash-already-out');
    await takeTurn(ben, games[1] as number);
    await takeTurn(cleo, games[2] as number);
    // Ana is skipped.
    expect((await clashNow(clash.id)).turn).toBe(1);
  });

  it('against Yamb Bot hands the bot the win', async () => {
    const [me] = await players(1);
    const bot = await theBot();
    const response = await call('/clashes/', {
      method: 'POST',
      jar: me!.jar,
      body: { ownerId: me!.player.id, playerIds: [me!.player.id, bot.id], type: 'LIVE', name: 'Practice' },
    });
    const clash = await json<ClashResource>(response);
    expect(clash.status).toBe('IN_PROGRESS');
    await letTheBotPlay(clash.id, me!.player.id);
    const after = await json<ClashResource>(await resign(me!, clash.id));
    expect(after.status).toBe('COMPLETED');
    expect(after.winner?.id).toBe(bot.id);
  });
});

describe('passing a stalled turn', () => {
  it('is for the others once the player on turn has not moved for 7 days, as a turn run out', async () => {
    const { clash, people, games } = await clockedClash(2, null);
    const [ana, ben] = people as [Session, Session];
    // The room keeps the stall's deadline on its one alarm.
    const stall = await runInDurableObject(
      clashRoom(clash.id),
      (_room, state) => state.storage.kv.get<Record<string, number>>('alarms')?.stall,
    );
    expect(stall).toBe(Date.parse(clash.turnStartedAt ?? '') + CLASH_STALL_MS);
    expect((await clashNow(clash.id, ben))._links.pass).toBeUndefined();
    await expectError(await pass(ben, clash.id), 409, 'clash-not-stalled');

    // Six days and more: still not.
    await ageTurn(clash.id, CLASH_STALL_MS - 60_000);
    await expectError(await pass(ben, clash.id), 409, 'clash-not-stalled');

    // Seven days: Ben's open tab gets the link when the deadline fires.
    const tab = await socket(`clashes/${clash.id}`, ben);
    await tab.next();
    await ageTurn(clash.id, CLASH_STALL_MS + 1000);
    expect(await runDurableObjectAlarm(clashRoom(clash.id))).toBe(true);
    const update = await tab.until((m) => m.type === 'UPDATE');
    expect(update.type === 'UPDATE' && update.clash?._links.pass?.href).toBe(`/api/clashes/${clash.id}/pass`);
    tab.close();
    expect((await clashNow(clash.id, ana))._links.pass).toBeUndefined();
    await expectError(await pass(ana, clash.id), 409, 'clash-own-turn');

    const passed = await json<ClashResource>(await pass(ben, clash.id));
    expect(passed.turn).toBe(1);
    expect(passed._links.pass).toBeUndefined();
    expect(Date.parse(passed.turnStartedAt ?? '')).toBeGreaterThan(Date.now() - 5000);

    // Three passes in a row forfeit Ana; Ben, left alone, wins.
    for (let round = 0; round < 2; round++) {
      await takeTurn(ben, games[1] as number);
      await ageTurn(clash.id, CLASH_STALL_MS + 1000);
      expect((await pass(ben, clash.id)).status).toBe(200);
    }
    const over = await clashNow(clash.id);
    expect(over.status).toBe('COMPLETED');
    expect(over.players[0]?.forfeited).toBe(true);
    expect(over.winner?.id).toBe(ben.player.id);
  });

  it('is not for a timed clash', async () => {
    const { clash, people } = await clockedClash(2, 30);
    await ageTurn(clash.id, CLASH_STALL_MS + 1000);
    expect((await clashNow(clash.id, people[1]))._links.pass).toBeUndefined();
    await expectError(await pass(people[1]!, clash.id), 409, 'clash-timed');
  });
});

describe('one quick match at a time', () => {
  const queue = () => env.QUICK_MATCH.getByName('global');
  const join = (session: Session) => call('/quick-match/', { method: 'POST', jar: session.jar });
  async function emptyQueue() {
    for (const entry of await queue().waiting()) await queue().leave(entry.playerId);
  }

  it('refuses a player seated in a quick match in progress, with its link, until it is over for them', async () => {
    await emptyQueue();
    const [ana, ben] = (await players(2)) as [Session, Session];
    expect((await join(ana)).status).toBe(202);
    const clash = await json<ClashResource>(await join(ben));
    for (const p of [ana, ben]) {
      const refused = await join(p);
      expect(refused.status).toBe(409);
      const body = await json<QuickMatchSeated>(refused);
      expect(body.key).toBe('quick-match-seated');
      expect(body.message).toMatch(/quick match/);
      expect(body._links.clash?.href).toBe(`/api/clashes/${clash.id}`);
    }
    expect(await queue().waiting()).toEqual([]);
    // Ben resigns: the clash is over, and each may look for another.
    expect((await resign(ben, clash.id)).status).toBe(200);
    expect((await join(ana)).status).toBe(202);
    await queue().leave(ana.player.id);
    expect((await join(ben)).status).toBe(202);
    await queue().leave(ben.player.id);
  });

  it('keeps a player seated while the clash of their pairing is still being opened', async () => {
    await emptyQueue();
    const [ana, ben] = (await players(2)) as [Session, Session];
    const entry = (p: Session) => ({
      id: p.player.id,
      name: p.player.name,
      avatarKey: null,
      bot: false,
      access: { tokensValidAfter: 0, banned: false },
    });
    // The queue pairs them with ids it reserved ahead, as a join does; the clash's room is not created yet.
    expect((await queue().join(entry(ana), 1500)).waiting?.playerId).toBe(ana.player.id);
    await expect.poll(async () => (await queue().reservedIds()).length).toBeGreaterThan(0);
    const pairing = await queue().join(entry(ben), 1500);
    expect(pairing.matched?.playerId).toBe(ana.player.id);
    const clashId = pairing.reserved?.clashId as number;
    expect((await getClash(ana, clashId)).status).toBe(404);
    // Ana asks again meanwhile: she is seated in that clash, not queued for another.
    const again = await join(ana);
    expect(again.status).toBe(409);
    expect((await json<QuickMatchSeated>(again))._links.clash?.href).toBe(`/api/clashes/${clashId}`);
    expect((await queue().waiting()).map((e) => e.playerId)).not.toContain(ana.player.id);
    await queue().putBack(pairing.matched as never, ben.player.id);
    await emptyQueue();
  });

  it('never seats a player twice when they ask again while their pairing is made', async () => {
    await emptyQueue();
    const [ana, ben, cleo] = (await players(3)) as [Session, Session, Session];
    expect((await join(ana)).status).toBe(202);
    // Ben's join pairs Ana while her renewal is on its way.
    const [paired, renewal] = await Promise.all([join(ben), join(ana)]);
    const statuses = [paired.status, renewal.status].sort();
    expect(statuses).toContain(200);
    // Cleo comes next: Ana is no longer waiting, whatever the order.
    const third = await join(cleo);
    if (third.status === 200) {
      const clash = await json<ClashResource>(third);
      expect(clash.players.map((p) => p.id)).not.toContain(ana.player.id);
    } else expect(third.status).toBe(202);
    const live = await env.DB.prepare(
      "SELECT count(*) AS n FROM clash_players cp JOIN clashes c ON c.id = cp.clash_id WHERE cp.player_id = ? AND c.status = 'IN_PROGRESS'",
    )
      .bind(ana.player.id)
      .first<number>('n');
    expect(live).toBe(1);
    await emptyQueue();
  });
});
