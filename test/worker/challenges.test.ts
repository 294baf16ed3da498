import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChallengeJoined, ChallengeList, ChallengeResource } from '../../contract/challenges';
import { CORRESPONDENCE_MAX_PER_PLAYER, DAY_SECONDS } from '../../contract/clashRules';
import type { ClashResource } from '../../contract/clashes';
import { sweep } from '../../worker/sweep';
import { answer, getClash, notifications, player, startedClash } from './clashes-helpers';
import { call, expectError, json, registerGuest, type Session } from './helpers';
import { finish, ratingRows } from './ratings-helpers';
import { takeTurn } from './clashes-helpers';

// Challenge links (issue 29): made by a registered player, read by anyone, joined by whoever opens them (a
// guest too), cancelled by their maker, expired after a day; and rematches of completed clashes.

const make = (maker: Session, body: unknown = { seats: 2 }) =>
  call('/challenges/', { method: 'POST', jar: maker.jar, body });

async function challenge(maker: Session, body: unknown = { seats: 2 }): Promise<ChallengeResource> {
  const response = await make(maker, body);
  const made = await json(response);
  expect(response.status, JSON.stringify(made)).toBe(201);
  return made as ChallengeResource;
}

const read = (code: string, session?: Session) => call(`/challenges/${code}`, { jar: session?.jar });
const join = (code: string, session: Session) =>
  call(`/challenges/${code}/join`, { method: 'POST', jar: session.jar });

async function joined(code: string, session: Session): Promise<ChallengeJoined> {
  const response = await join(code, session);
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as ChallengeJoined;
}

/** Moves the challenge's expiry `ms` into the past. */
const expire = (code: string, ms = 1) =>
  env.DB.prepare('UPDATE challenges SET expires_at = ? WHERE code = ?')
    .bind(Date.now() - ms, code)
    .run();

describe('challenge links', () => {
  it('are made by a registered player with an unguessable code, and refused to a guest and a visitor', async () => {
    const maker = await player();
    const made = await challenge(maker, { seats: 3, turnSeconds: 60, rules: 'BALKAN' });
    expect(made.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.link).toBe(`http://yamb.test/challenges/${made.code}`);
    expect(made).toMatchObject({ status: 'OPEN', seats: 3, seatsTaken: 1, turnSeconds: 60, mine: true });
    expect(made.rules.preset).toBe('BALKAN');
    const hours = (Date.parse(made.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await challenge(maker)).rules.preset).toBe('CLASSIC');
    const codes = new Set([made.code, (await challenge(maker)).code]);
    expect(codes.size).toBe(2);
    await expectError(await make(await registerGuest()), 403, 'guest-not-allowed');
    await expectError(
      await call('/challenges/', { method: 'POST', body: { seats: 2 } }),
      401,
      'unauthorized',
    );
    await expectError(await make(maker, { seats: 4 }), 400, 'challenge-seats-invalid');
    await expectError(await make(maker, { seats: 2, turnSeconds: 45 }), 400, 'turn-seconds-invalid');
    const mine = await json<ChallengeList>(await call('/challenges/', { jar: maker.jar }));
    expect(mine._embedded.challenges.map((c) => c.code)).toContain(made.code);
  });

  it('say nothing of the maker but name, avatar and rating, to anyone with no session', async () => {
    const maker = await player();
    const made = await challenge(maker);
    const response = await read(made.code);
    expect(response.status).toBe(200);
    const seen = await json<ChallengeResource>(response);
    expect(Object.keys(seen.maker).sort()).toEqual(['avatar', 'name', 'rating']);
    expect(seen.maker).toMatchObject({ name: maker.player.name, avatar: null, rating: 1500 });
    const text = JSON.stringify(seen);
    expect(text).not.toContain(`"id":${maker.player.id}`);
    expect(text).not.toMatch(/email|makerId|maker_id/i);
    expect(seen.mine).toBe(false);
    expect(seen._links.join?.href).toBe(`/api/challenges/${made.code}/join`);
    expect(seen._links.delete).toBeUndefined();
    await expectError(await read('AAAAAAAAAAAAAAAAAAAAAA'), 404, 'challenge-not-found');
    await expectError(await read('short'), 404, 'challenge-not-found');
    await expectError(
      await join('AAAAAAAAAAAAAAAAAAAAAA', await registerGuest()),
      404,
      'challenge-not-found',
    );
  });

  it('seat a guest, start an unrated clash the guest plays, and tell the maker', async () => {
    const maker = await player();
    const made = await challenge(maker, { seats: 2, turnSeconds: 120 });
    await expectError(await join(made.code, maker), 403, 'challenge-own');
    const guest = await registerGuest();
    const { challenge: after, clash } = await joined(made.code, guest);
    expect(after).toMatchObject({ status: 'STARTED', seatsTaken: 2, mySeat: 1, clashId: clash?.id });
    expect(clash).toMatchObject({ status: 'IN_PROGRESS', turnSeconds: 120 });
    expect(clash?.players.map((p) => [p.id, p.status])).toEqual([
      [maker.player.id, 'ACCEPTED'],
      [guest.player.id, 'ACCEPTED'],
    ]);
    const [told] = await notifications(maker.player.id, 'challenge-accepted');
    expect(told).toMatchObject({ link: `/clashes/${clash?.id}`, params: { player: guest.player.name } });
    // Nobody was invited: there was nothing to answer.
    expect(await notifications(guest.player.id, 'clash-invitation', 0)).toEqual([]);
    // Joining again answers the same clash; the link now leads to it for anyone.
    expect((await joined(made.code, guest)).clash?.id).toBe(clash?.id);
    const watched = await json<ChallengeResource>(await read(made.code));
    expect(watched.status).toBe('STARTED');
    expect(watched._links.clash?.href).toBe(`/api/clashes/${clash?.id}`);
    await expectError(await join(made.code, await registerGuest()), 409, 'challenge-taken');
    // The guest plays their turn after the maker's, and the finished clash moves no rating.
    const started = clash as ClashResource;
    const gameIds = started.players.map((p) => p.gameId as number);
    await takeTurn(maker, gameIds[0] as number);
    await takeTurn(guest, gameIds[1] as number);
    const done = await finish({ clash: started, players: [maker, guest], gameIds }, [10, 0]);
    expect(done.winner?.id).toBe(maker.player.id);
    expect(await ratingRows(started.id)).toEqual([]);
    // No rematch is offered: a rematch is made of registered players.
    const seenByMaker = await json<ClashResource>(await getClash(maker, done.id));
    expect(seenByMaker.status).toBe('COMPLETED');
    expect(seenByMaker._links.rematch).toBeUndefined();
  });

  it('seat the first of two a three-seat link waits for, then start with all three', async () => {
    const maker = await player();
    const made = await challenge(maker, { seats: 3 });
    const first = await player();
    const waiting = await joined(made.code, first);
    expect(waiting.clash).toBeNull();
    expect(waiting.challenge).toMatchObject({ status: 'OPEN', seatsTaken: 2, mySeat: 1 });
    expect(waiting.challenge._links.join).toBeUndefined();
    const second = await registerGuest();
    const full = await joined(made.code, second);
    expect(full.clash?.players.map((p) => p.id)).toEqual([
      maker.player.id,
      first.player.id,
      second.player.id,
    ]);
    expect(full.clash?.status).toBe('IN_PROGRESS');
  });

  it('seat nobody who holds as many clashes of a day a turn as a player may', async () => {
    const maker = await player();
    const made = await challenge(maker, { seats: 2, turnSeconds: DAY_SECONDS });
    const busy = await player();
    const now = Date.now();
    for (let i = 0; i < CORRESPONDENCE_MAX_PER_PLAYER; i++) {
      const row = await env.DB.prepare(
        "INSERT INTO clashes (name, owner_id, status, turn, turn_seconds, created_at, updated_at) VALUES ('Held', ?, 'IN_PROGRESS', 0, ?, ?, ?) RETURNING id",
      )
        .bind(busy.player.id, DAY_SECONDS, now, now)
        .first<{ id: number }>();
      await env.DB.prepare(
        "INSERT INTO clash_players (clash_id, player_id, status, position) VALUES (?, ?, 'ACCEPTED', 0)",
      )
        .bind(row?.id, busy.player.id)
        .run();
    }
    await expectError(await join(made.code, busy), 409, 'correspondence-limit');
    expect((await joined(made.code, await registerGuest())).clash?.turnSeconds).toBe(DAY_SECONDS);
  });

  it('give the last seat to one of two racing for it: one 200, one 409, one clash', async () => {
    const maker = await player();
    const made = await challenge(maker, { seats: 2 });
    const racers = await Promise.all([registerGuest(), registerGuest(), player()]);
    const answers = await Promise.all(racers.map((r) => join(made.code, r)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const clashes = await env.DB.prepare('SELECT count(*) AS n FROM clash_players WHERE player_id = ?')
      .bind(maker.player.id)
      .first<{ n: number }>();
    expect(clashes?.n).toBe(1);
  });

  it('are cancelled by their maker only, and then take nobody', async () => {
    const maker = await player();
    const made = await challenge(maker);
    const other = await player();
    await expectError(
      await call(`/challenges/${made.code}`, { method: 'DELETE', jar: other.jar }),
      403,
      'not-challenge-maker',
    );
    const cancelled = await call(`/challenges/${made.code}`, { method: 'DELETE', jar: maker.jar });
    expect(cancelled.status).toBe(204);
    expect((await json<ChallengeResource>(await read(made.code))).status).toBe('CANCELLED');
    await expectError(await join(made.code, other), 409, 'challenge-cancelled');
    await expectError(
      await call(`/challenges/${made.code}`, { method: 'DELETE', jar: maker.jar }),
      409,
      'challenge-cancelled',
    );
    const mine = await json<ChallengeList>(await call('/challenges/', { jar: maker.jar }));
    expect(mine._embedded.challenges.map((c) => c.code)).not.toContain(made.code);
  });

  it('expire a day after they were made, and the sweep deletes them a week later', async () => {
    const maker = await player();
    const made = await challenge(maker);
    await expire(made.code);
    expect((await json<ChallengeResource>(await read(made.code))).status).toBe('EXPIRED');
    await expectError(await join(made.code, await registerGuest()), 409, 'challenge-expired');
    await sweep(env);
    expect((await read(made.code)).status).toBe(200);
    await expire(made.code, 8 * 24 * 3_600_000);
    const counts = await sweep(env);
    expect(counts.challengeLinks).toBeGreaterThanOrEqual(1);
    await expectError(await read(made.code), 404, 'challenge-not-found');
  });
});

describe('rematch', () => {
  it('proposes one new clash to two players pressing at once, invites the other and tells them', async () => {
    const started = await startedClash(2);
    const [a, b] = started.players as [Session, Session];
    const done = await finish(started, [0, 5]);
    expect(done._links.rematch).toBeUndefined(); // the anonymous reader is no player
    const seen = await json<ClashResource>(await getClash(a, done.id));
    expect(seen._links.rematch?.href).toBe(`/api/clashes/${done.id}/rematch`);
    expect(seen.rematchId).toBeNull();
    const [ra, rb] = await Promise.all(
      [a, b].map((p) => call(`/clashes/${done.id}/rematch`, { method: 'POST', jar: p.jar })),
    );
    expect([ra.status, rb.status]).toEqual([201, 201]);
    const [ca, cb] = [await json<ClashResource>(ra), await json<ClashResource>(rb)];
    expect(ca.id).toBe(cb.id);
    expect(ca.id).not.toBe(done.id);
    expect(ca).toMatchObject({ status: 'PENDING', name: done.name, turnSeconds: done.turnSeconds });
    const proposer = ca.owner.id === a.player.id ? a : b;
    const other = proposer === a ? b : a;
    expect(ca.players.map((p) => [p.id, p.status])).toEqual([
      [proposer.player.id, 'ACCEPTED'],
      [other.player.id, 'PENDING'],
    ]);
    const [told] = await notifications(other.player.id, 'rematch-proposed');
    expect(told).toMatchObject({ link: `/clashes/${ca.id}`, params: { player: proposer.player.name } });
    expect((await json<ClashResource>(await getClash(b, done.id))).rematchId).toBe(ca.id);
    // The other accepts from the clash screen: the rematch starts; played out, the head-to-head counts both.
    const accepted = await answer(other, ca.id, 'accept');
    expect(accepted.status).toBe('IN_PROGRESS');
    const order = [proposer, other];
    const gameIds = accepted.players.map((p) => p.gameId as number);
    await finish(
      { clash: accepted, players: order, gameIds },
      order.map((p) => (p === a ? 0 : 5)),
    );
    const series = await json<{ wins: number; losses: number }>(
      await call(`/players/${b.player.id}/head-to-head`, { jar: a.jar }),
    );
    expect(series).toMatchObject({ wins: 0, losses: 2 });
    // Pressing again leads to the same rematch; a stranger may not.
    const again = await call(`/clashes/${done.id}/rematch`, { method: 'POST', jar: a.jar });
    expect((await json<ClashResource>(again)).id).toBe(ca.id);
    await expectError(
      await call(`/clashes/${done.id}/rematch`, { method: 'POST', jar: (await player()).jar }),
      403,
      'not-clash-member',
    );
  });

  it('is refused before the clash is over', async () => {
    const { clash, players } = await startedClash(2);
    await expectError(
      await call(`/clashes/${clash.id}/rematch`, { method: 'POST', jar: players[0]!.jar }),
      409,
      'clash-not-completed',
    );
  });
});
