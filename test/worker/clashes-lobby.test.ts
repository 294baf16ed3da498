import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CLASH_PENDING_TTL_MS } from '../../contract/clashes';
import {
  answer,
  type Clash,
  clashPlayerRows,
  clashRoom,
  clashRow,
  createClash,
  getClash,
  lobby,
  notifications,
  player,
  players,
  postClash,
} from './clashes-helpers';
import { call, expectError, json, registerGuest } from './helpers';

const linkNames = (clash: Clash) => Object.keys(clash._links).sort();

describe('creating a clash', () => {
  it('answers 201 with the owner first and accepted, the others invited, and tells each invited player', async () => {
    const [owner, a, b] = await players(3);
    // The owner may be listed anywhere: they still play first, the others keep their order.
    const response = await postClash(owner, [b.player.id, owner.player.id, a.player.id], '  Friday duel  ');
    expect(response.status).toBe(201);
    const clash = await json<Clash>(response);
    expect(clash).toMatchObject({
      name: 'Friday duel',
      type: 'LIVE',
      status: 'PENDING',
      owner: { id: owner.player.id, name: owner.player.name },
      turn: 0,
      winner: null,
    });
    expect(clash.players.map((p) => [p.id, p.status, p.score, p.gameId, p.crown])).toEqual([
      [owner.player.id, 'ACCEPTED', null, null, false],
      [b.player.id, 'PENDING', null, null, false],
      [a.player.id, 'PENDING', null, null, false],
    ]);
    // The owner may delete and remove (3 players, none of them accepted yet), not add (already 3).
    expect(linkNames(clash)).toEqual(['delete', 'remove', 'self']);
    expect(clash._links.delete?.href).toBe(`/api/clashes/${clash.id}`);
    // The index has it at once, in turn order.
    expect((await clashPlayerRows(clash.id)).map((r) => [r.playerId, r.status, r.position])).toEqual([
      [owner.player.id, 'ACCEPTED', 0],
      [b.player.id, 'PENDING', 1],
      [a.player.id, 'PENDING', 2],
    ]);
    for (const invited of [a, b])
      expect(await notifications(invited.player.id, 'clash-invitation')).toEqual([
        {
          kind: 'clash-invitation',
          params: { player: owner.player.name, clash: 'Friday duel' },
          link: `/clashes/${clash.id}`,
        },
      ]);
  });

  it('an invited player sees accept and decline links; to a stranger and the anonymous it is no clash (404)', async () => {
    const [owner, invited, stranger] = await players(3);
    const clash = await createClash(owner, [invited]);
    const seen = await json<Clash>(await getClash(invited, clash.id));
    expect(linkNames(seen)).toEqual(['accept', 'decline', 'self']);
    await expectError(await getClash(stranger, clash.id), 404, 'clash-not-found');
    await expectError(await getClash(null, clash.id), 404, 'clash-not-found');
    await expectError(await getClash(owner, 987_654), 404, 'clash-not-found');
  });

  it('is refused: for guests, for someone else, without the owner, with unknown, guest or banned players', async () => {
    const [owner, other] = await players(2);
    const guest = await registerGuest();
    await expectError(await postClash(guest, [guest.player.id, owner.player.id]), 403, 'guest-not-allowed');
    await expectError(await postClash(owner, [owner.player.id, guest.player.id]), 403, 'guest-not-allowed');
    await expectError(
      await call('/clashes/', {
        method: 'POST',
        jar: owner.jar,
        body: {
          ownerId: other.player.id,
          playerIds: [other.player.id, owner.player.id],
          type: 'LIVE',
          name: 'x',
        },
      }),
      403,
      'clash-owner-mismatch',
    );
    await expectError(await postClash(owner, [other.player.id]), 400, 'clash-players-invalid');
    await expectError(
      await postClash(owner, [owner.player.id, owner.player.id]),
      400,
      'clash-players-invalid',
    );
    await expectError(await postClash(owner, [owner.player.id, 987_654]), 404, 'player-not-found');
    await expectError(
      await postClash(owner, [owner.player.id, other.player.id], '   '),
      400,
      'clash-name-invalid',
    );
    const many = await players(3);
    await expectError(
      await postClash(owner, [owner.player.id, ...many.map((p) => p.player.id)]),
      400,
      'clash-full',
    );
    await expectError(
      await call('/clashes/', {
        method: 'POST',
        jar: owner.jar,
        body: {
          ownerId: owner.player.id,
          playerIds: [owner.player.id, other.player.id],
          type: 'X',
          name: 'x',
        },
      }),
      400,
      'clash-type-invalid',
    );
    await env.DB.prepare("UPDATE players SET status = 'BANNED' WHERE id = ?").bind(other.player.id).run();
    await expectError(await postClash(owner, [owner.player.id, other.player.id]), 403, 'clash-player-banned');
    await expectError(
      await call('/clashes/', {
        method: 'POST',
        body: { ownerId: 1, playerIds: [1, 2], type: 'LIVE', name: 'x' },
      }),
      401,
      'unauthorized',
    );
  });
});

describe('answering an invitation', () => {
  it('only for oneself: the owner cannot accept for the invited player, nor anyone twice', async () => {
    const [owner, invited, third] = await players(3);
    const clash = await createClash(owner, [invited, third]);
    await expectError(
      await lobby(owner, clash.id, 'accept', { playerId: invited.player.id }),
      403,
      'forbidden',
    );
    await expectError(
      await lobby(owner, clash.id, 'accept', { playerId: owner.player.id }),
      409,
      'not-invited',
    );
    // Someone who is not in it learns nothing of it (it once answered 409 not-invited).
    const stranger = await player();
    await expectError(
      await lobby(stranger, clash.id, 'decline', { playerId: stranger.player.id }),
      404,
      'clash-not-found',
    );
    const accepted = await answer(invited, clash.id, 'accept');
    expect(accepted.status).toBe('PENDING');
    expect(linkNames(accepted)).toEqual(['self']);
    await expectError(
      await lobby(invited, clash.id, 'accept', { playerId: invited.player.id }),
      409,
      'not-invited',
    );
    expect(await notifications(owner.player.id, 'clash-accepted')).toEqual([
      {
        kind: 'clash-accepted',
        params: { player: invited.player.name, clash: clash.name },
        link: `/clashes/${clash.id}`,
      },
    ]);
  });

  it('a decline removes the player; the owner left alone, the clash is CANCELLED and the owner told', async () => {
    const [owner, a, b] = await players(3);
    const clash = await createClash(owner, [a, b]);
    await answer(a, clash.id, 'decline');
    const after = await json<Clash>(await getClash(owner, clash.id));
    expect(after.players.map((p) => p.id)).toEqual([owner.player.id, b.player.id]);
    expect((await clashPlayerRows(clash.id)).map((r) => r.playerId)).toEqual([owner.player.id, b.player.id]);
    // The one who declined is no longer in it: a pending clash is not theirs to see.
    await expectError(await getClash(a, clash.id), 404, 'clash-not-found');
    expect(await notifications(owner.player.id, 'clash-declined')).toHaveLength(1);

    const cancelled = await answer(b, clash.id, 'decline');
    expect(cancelled.status).toBe('CANCELLED');
    expect(await clashRow(clash.id)).toMatchObject({ status: 'CANCELLED' });
    expect(await notifications(owner.player.id, 'clash-cancelled')).toEqual([
      { kind: 'clash-cancelled', params: { clash: clash.name }, link: `/clashes/${clash.id}` },
    ]);
    // Cancelled before it started, it stays its players' only; nobody acts on it any more.
    expect(linkNames(await json<Clash>(await getClash(owner, clash.id)))).toEqual(['self']);
    await expectError(await getClash(null, clash.id), 404, 'clash-not-found');
    await expectError(
      await lobby(owner, clash.id, 'add', { playerIds: [a.player.id] }),
      409,
      'clash-not-pending',
    );
  });

  it('a guest cannot accept: a pending clash is no clash to them, a started one is not for guests', async () => {
    const [owner, invited] = await players(2);
    const clash = await createClash(owner, [invited]);
    const guest = await registerGuest();
    await expectError(
      await lobby(guest, clash.id, 'accept', { playerId: guest.player.id }),
      404,
      'clash-not-found',
    );
    await answer(invited, clash.id, 'accept');
    await expectError(
      await lobby(guest, clash.id, 'accept', { playerId: guest.player.id }),
      403,
      'guest-not-allowed',
    );
  });
});

describe('the owner manages the pending clash', () => {
  it('adds players up to 3 in all; only the owner; each added player is invited', async () => {
    const [owner, a, b, c] = await players(4);
    const clash = await createClash(owner, [a]);
    expect(linkNames(clash)).toEqual(['add', 'delete', 'self']);
    await expectError(await lobby(a, clash.id, 'add', { playerIds: [b.player.id] }), 403, 'not-clash-owner');
    await expectError(
      await lobby(owner, clash.id, 'add', { playerIds: [b.player.id, c.player.id] }),
      409,
      'clash-full',
    );
    await expectError(
      await lobby(owner, clash.id, 'add', { playerIds: [a.player.id] }),
      400,
      'clash-players-invalid',
    );
    const guest = await registerGuest();
    await expectError(
      await lobby(owner, clash.id, 'add', { playerIds: [guest.player.id] }),
      403,
      'guest-not-allowed',
    );
    const response = await lobby(owner, clash.id, 'add', { playerIds: [b.player.id] });
    expect(response.status).toBe(200);
    const added = await json<Clash>(response);
    expect(added.players.map((p) => [p.id, p.status])).toEqual([
      [owner.player.id, 'ACCEPTED'],
      [a.player.id, 'PENDING'],
      [b.player.id, 'PENDING'],
    ]);
    expect(linkNames(added)).toEqual(['delete', 'remove', 'self']);
    expect(await notifications(b.player.id, 'clash-invitation')).toHaveLength(1);
    expect((await clashPlayerRows(clash.id)).map((r) => r.playerId)).toEqual([
      owner.player.id,
      a.player.id,
      b.player.id,
    ]);
  });

  it('removes players who have not accepted while more than 2 are in; the removed are told', async () => {
    const [owner, a, b] = await players(3);
    const clash = await createClash(owner, [a, b]);
    await answer(a, clash.id, 'accept');
    // The owner is told whom they may take back: the one who has not answered, not the one who accepted.
    const seen = async (viewer: typeof owner) =>
      (await json<Clash>(await call(`/clashes/${clash.id}`, { jar: viewer.jar }))).players.map((p) => [
        p.id,
        p.removable,
      ]);
    expect(await seen(owner)).toEqual([
      [owner.player.id, false],
      [a.player.id, false],
      [b.player.id, true],
    ]);
    expect((await seen(a)).every(([, removable]) => removable === false)).toBe(true);
    await expectError(
      await lobby(a, clash.id, 'remove', { playerIds: [b.player.id] }),
      403,
      'not-clash-owner',
    );
    await expectError(
      await lobby(owner, clash.id, 'remove', { playerIds: [a.player.id] }),
      409,
      'clash-player-accepted',
    );
    await expectError(
      await lobby(owner, clash.id, 'remove', { playerIds: [owner.player.id] }),
      400,
      'clash-players-invalid',
    );
    const response = await lobby(owner, clash.id, 'remove', { playerIds: [b.player.id] });
    expect(response.status).toBe(200);
    // With b gone every remaining player has accepted: the clash starts.
    const started = await json<Clash>(response);
    expect(started.status).toBe('IN_PROGRESS');
    expect(started.players.map((p) => p.id)).toEqual([owner.player.id, a.player.id]);
    expect(await notifications(b.player.id, 'clash-removed')).toHaveLength(1);
  });

  it('cannot remove down to fewer than 2 players', async () => {
    const [owner, a] = await players(2);
    const clash = await createClash(owner, [a]);
    expect(clash._links.remove).toBeUndefined();
    await expectError(
      await lobby(owner, clash.id, 'remove', { playerIds: [a.player.id] }),
      409,
      'clash-too-small',
    );
  });

  it('deletes it: the rows are gone, the others told; not by others, not once started', async () => {
    const [owner, a] = await players(2);
    const clash = await createClash(owner, [a]);
    await expectError(
      await call(`/clashes/${clash.id}`, { method: 'DELETE', jar: a.jar }),
      403,
      'not-clash-owner',
    );
    const response = await call(`/clashes/${clash.id}`, { method: 'DELETE', jar: owner.jar });
    expect(response.status).toBe(204);
    expect(await clashRow(clash.id)).toBeNull();
    expect(await clashPlayerRows(clash.id)).toEqual([]);
    await expectError(await getClash(owner, clash.id), 404, 'clash-not-found');
    expect(await notifications(a.player.id, 'clash-deleted')).toHaveLength(1);
    const stored = await runInDurableObject(clashRoom(clash.id), (_room, state) =>
      state.storage.kv.get('clash'),
    );
    expect(stored).toBeUndefined();

    const [owner2, b] = await players(2);
    const started = await createClash(owner2, [b]);
    await answer(b, started.id, 'accept');
    await expectError(
      await call(`/clashes/${started.id}`, { method: 'DELETE', jar: owner2.jar }),
      409,
      'clash-not-pending',
    );
  });
});

describe('the lists', () => {
  it('GET /api/clashes/ lists the caller’s clashes, newest change first; 401 without a session', async () => {
    const [owner, a, b] = await players(3);
    const first = await createClash(owner, [a]);
    const second = await createClash(b, [owner]);
    const response = await call('/clashes/', { jar: owner.jar });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body._embedded.clashes.map((c: Clash) => c.id)).toEqual([second.id, first.id]);
    expect(body.page).toMatchObject({ number: 0, totalElements: 2 });
    // Links are the caller's: they may answer the clash they were invited to.
    expect(linkNames(body._embedded.clashes[0])).toEqual(['accept', 'decline', 'self']);
    await expectError(await call('/clashes/'), 401, 'unauthorized');
  });

  it('a player’s clashes hide their pending ones from those not in them', async () => {
    const [owner, a, stranger] = await players(3);
    const pending = await createClash(owner, [a]);
    const [o2, b] = await players(2);
    const running = await createClash(o2, [owner]);
    await answer(owner, running.id, 'accept');
    const list = async (viewer: typeof owner | null) =>
      (await json(await call(`/players/${owner.player.id}/clashes`, { jar: viewer?.jar })))._embedded.clashes
        .map((c: Clash) => c.id)
        .sort();
    expect(await list(owner)).toEqual([pending.id, running.id].sort());
    expect(await list(a)).toEqual([pending.id, running.id].sort());
    expect(await list(stranger)).toEqual([running.id]);
    expect(await list(null)).toEqual([running.id]);
    expect(b).toBeDefined();
  });
});

describe('a pending clash nobody answers', () => {
  it('is cancelled by the room’s alarm after 7 days, and everyone is told', async () => {
    const [owner, a] = await players(2);
    const clash = await createClash(owner, [a]);
    const room = clashRoom(clash.id);
    const expireAt = await runInDurableObject(room, (_room, state) => {
      const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
      return alarms.expire;
    });
    expect(expireAt).toBe(Date.parse(clash.createdAt) + CLASH_PENDING_TTL_MS);
    // Seven days pass: the deadline is moved to the past (the alarm itself is left to the test to run).
    await runInDurableObject(room, async (_room, state) => {
      state.storage.kv.put('alarms', { expire: Date.now() - 1 });
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect((await json<Clash>(await getClash(owner, clash.id))).status).toBe('CANCELLED');
    expect(await clashRow(clash.id)).toMatchObject({ status: 'CANCELLED' });
    for (const p of [owner, a]) expect(await notifications(p.player.id, 'clash-cancelled')).toHaveLength(1);
    await expectError(
      await lobby(a, clash.id, 'accept', { playerId: a.player.id }),
      409,
      'clash-not-pending',
    );
  });
});
