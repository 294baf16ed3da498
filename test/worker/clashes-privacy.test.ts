import { describe, expect, it } from 'vitest';
import { answer, type Clash, createClash, getClash, lobby, players, socket } from './clashes-helpers';
import { call, expectError, json, registerGuest, type Session } from './helpers';

// Accepting someone else's pending clash once answered 409 not-invited, where the other
// routes answered 401 or 403: each told a stranger the clash was there. A clash that never started
// (pending, or cancelled before its start) is its players' business: to anyone else, signed in or not,
// every route answers 404 clash-not-found, as for a number that is no clash.

type Asker = Session | null;

/** Every route a clash has, asked as `who` (null: anonymous); the answers in order. */
async function everyRoute(who: Asker, clashId: number, someoneId: number): Promise<Response[]> {
  const jar = who?.jar;
  const me = who?.player.id ?? someoneId;
  return [
    await getClash(who, clashId),
    await lobby(who, clashId, 'accept', { playerId: me }),
    await lobby(who, clashId, 'decline', { playerId: me }),
    await lobby(who, clashId, 'add', { playerIds: [someoneId] }),
    await lobby(who, clashId, 'remove', { playerIds: [someoneId] }),
    await call(`/clashes/${clashId}`, { method: 'DELETE', jar }),
    await call(`/ws/clashes/${clashId}`, { headers: { Upgrade: 'websocket' }, jar }),
  ];
}

async function expectHidden(who: Asker, clashId: number, someoneId: number) {
  for (const response of await everyRoute(who, clashId, someoneId))
    await expectError(response, 404, 'clash-not-found');
}

describe('a pending clash', () => {
  it('answers 404 clash-not-found to a signed-in stranger, a guest and the anonymous on every route', async () => {
    const [owner, invited, stranger, someone] = await players(4);
    const guest = await registerGuest();
    const clash = await createClash(owner, [invited]);
    // A body that would be refused (someone else's id, a malformed list) is still a 404: nothing is read first.
    for (const who of [stranger, guest, null]) await expectHidden(who, clash.id, someone.player.id);
    await expectError(await lobby(stranger, clash.id, 'add', { playerIds: 'x' }), 404, 'clash-not-found');
    await expectError(
      await lobby(stranger, clash.id, 'accept', { playerId: invited.player.id }),
      404,
      'clash-not-found',
    );
    // Nothing changed.
    const seen = await json<Clash>(await getClash(owner, clash.id));
    expect(seen.status).toBe('PENDING');
    expect(seen.players.map((p) => p.id)).toEqual([owner.player.id, invited.player.id]);
  }, 20_000);

  it('is seen by its players, on the API and its socket; a member who may not do a thing keeps that answer', async () => {
    const [owner, invited, someone] = await players(3);
    const clash = await createClash(owner, [invited]);
    for (const member of [owner, invited]) {
      expect((await getClash(member, clash.id)).status).toBe(200);
      const live = await socket(`clashes/${clash.id}`, member);
      expect(await live.next()).toMatchObject({ type: 'UPDATE', clash: { id: clash.id } });
      live.close();
    }
    await expectError(
      await lobby(invited, clash.id, 'add', { playerIds: [someone.player.id] }),
      403,
      'not-clash-owner',
    );
    await expectError(
      await lobby(owner, clash.id, 'accept', { playerId: owner.player.id }),
      409,
      'not-invited',
    );
  });

  it("is no one else's once cancelled before its start: not the one who declined, nor a stranger, nor in their lists", async () => {
    const [owner, invited, stranger] = await players(3);
    const clash = await createClash(owner, [invited]);
    expect((await answer(invited, clash.id, 'decline')).status).toBe('CANCELLED');
    expect((await json<Clash>(await getClash(owner, clash.id))).status).toBe('CANCELLED');
    for (const who of [invited, stranger, null]) await expectHidden(who, clash.id, stranger.player.id);
    const listed = await json<{ _embedded: { clashes: Clash[] } }>(
      await call(`/players/${owner.player.id}/clashes`, { jar: stranger.jar }),
    );
    expect(listed._embedded.clashes.map((c) => c.id)).not.toContain(clash.id);
  }, 20_000);

  it("once started is anyone's to watch, as before", async () => {
    const [owner, invited, stranger] = await players(3);
    const clash = await createClash(owner, [invited]);
    await answer(invited, clash.id, 'accept');
    expect((await getClash(null, clash.id)).status).toBe(200);
    expect((await getClash(stranger, clash.id)).status).toBe(200);
    await expectError(
      await lobby(stranger, clash.id, 'accept', { playerId: stranger.player.id }),
      409,
      'clash-not-pending',
    );
    await expectError(
      await lobby(null, clash.id, 'accept', { playerId: stranger.player.id }),
      401,
      'unauthorized',
    );
    const live = await socket(`clashes/${clash.id}`, null);
    expect(await live.next()).toMatchObject({ type: 'UPDATE' });
    live.close();
  });
});
