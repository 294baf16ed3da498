import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { HeadToHead } from '../../contract/ratings';
import { answer, createClash, players } from './clashes-helpers';
import { call, expectError, json, registerGuest, type Session } from './helpers';
import { finish, playerResource, ratingTab } from './ratings-helpers';

/** A clash of `sessions` (the first owns it) played to its end, player i `extra[i]` points above the base. */
async function played(sessions: Session[], extra: number[], name = 'Rated') {
  const [owner, ...invited] = sessions as [Session, ...Session[]];
  let clash = await createClash(owner, invited, name);
  for (const p of invited) clash = await answer(p, clash.id, 'accept');
  return finish({ clash, players: sessions, gameIds: clash.players.map((p) => p.gameId as number) }, extra);
}

async function headToHead(viewer: Session, playerId: number): Promise<HeadToHead> {
  const response = await call(`/players/${playerId}/head-to-head`, { jar: viewer.jar });
  expect(response.status).toBe(200);
  return json<HeadToHead>(response);
}

describe('head-to-head', () => {
  it('counts wins, losses and ties over the completed clashes both played, and links the last five', async () => {
    const [ana, ben, cid] = (await players(3)) as [Session, Session, Session];
    const won = await played([ana, ben], [10, 0], 'One');
    const tied = await played([ben, ana], [4, 4], 'Two');
    // A three-player clash: Ana second, Ben third, Cid first.
    const three = await played([cid, ana, ben], [20, 10, 0], 'Three');
    const lost = [];
    for (let i = 0; i < 3; i++) lost.push(await played([ana, ben], [0, 1], `Lost ${i}`));
    // A clash without Ben counts nothing between them.
    await played([ana, cid], [0, 3], 'Other');

    const record = await headToHead(ana, ben.player.id);
    expect(record).toMatchObject({
      player: { id: ben.player.id, name: ben.player.name },
      wins: 2,
      losses: 3,
      ties: 1,
    });
    expect(record.last.map((c) => [c.clash.id, c.result])).toEqual([
      [lost[2]!.id, 'LOSS'],
      [lost[1]!.id, 'LOSS'],
      [lost[0]!.id, 'LOSS'],
      [three.id, 'WIN'],
      [tied.id, 'TIE'],
    ]);
    expect(record.last[0]).toMatchObject({
      clash: { id: lost[2]!.id, name: 'Lost 2' },
      _links: { clash: { href: `/api/clashes/${lost[2]!.id}` } },
    });
    expect(record.last.some((c) => c.clash.id === won.id)).toBe(false);

    // And from Ben's side, the other way round.
    expect(await headToHead(ben, ana.player.id)).toMatchObject({ wins: 3, losses: 2, ties: 1 });
    // The player resource says where to ask, to a signed-in viewer other than the player.
    const seen = await json(await call(`/players/${ben.player.id}`, { jar: ana.jar }));
    expect(seen._links.headToHead).toEqual({ href: `/api/players/${ben.player.id}/head-to-head` });
    expect((await playerResource(ben.player.id))._links.headToHead).toBeUndefined();
    const guest = await registerGuest();
    const seenByGuest = await json(await call(`/players/${ben.player.id}`, { jar: guest.jar }));
    expect(seenByGuest._links.headToHead).toBeUndefined();
  });

  it('is empty between players who never met', async () => {
    const [ana, ben] = (await players(2)) as [Session, Session];
    expect(await headToHead(ana, ben.player.id)).toEqual({
      player: { id: ben.player.id, name: ben.player.name },
      wins: 0,
      losses: 0,
      ties: 0,
      last: [],
    });
  });

  it('is for a signed-in viewer only, and not against oneself', async () => {
    const [ana] = (await players(1)) as [Session];
    await expectError(await call(`/players/${ana.player.id}/head-to-head`), 401, 'unauthorized');
    await expectError(
      await call(`/players/${ana.player.id}/head-to-head`, { jar: ana.jar }),
      400,
      'head-to-head-self',
    );
    await expectError(await call('/players/999999/head-to-head', { jar: ana.jar }), 404, 'player-not-found');
  });
});

describe('the rating tab', () => {
  it('lists the rated players only, by value, server-paged, either order', async () => {
    const [ana, ben, cid] = (await players(3)) as [Session, Session, Session];
    const [unrated] = (await players(1)) as [Session];
    await played([ana, ben, cid], [30, 0, 15]);
    const all = await ratingTab('?size=100');
    const ids = all._embedded.ratings.map((r) => r.player.id);
    expect(ids).not.toContain(unrated.player.id);
    for (const id of [ana, ben, cid].map((s) => s.player.id)) expect(ids).toContain(id);
    const values = all._embedded.ratings.map((r) => r.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(all.page.totalElements).toBe(all._embedded.ratings.length);

    const total = all.page.totalElements;
    const first = await ratingTab('?size=2&page=0');
    const second = await ratingTab('?size=2&page=1');
    expect(first.page).toEqual({
      size: 2,
      number: 0,
      totalElements: total,
      totalPages: Math.ceil(total / 2),
    });
    expect([...first._embedded.ratings, ...second._embedded.ratings].map((r) => r.player.id)).toEqual(
      ids.slice(0, 4),
    );
    const ascending = await ratingTab('?size=100&order=ASC');
    expect(ascending._embedded.ratings.map((r) => r.value)).toEqual([...values].reverse());
    expect(await ratingTab('?sort=value&order=DESC&size=1')).toMatchObject({ page: { size: 1 } });
    await expectError(await call('/ratings/?sort=name'), 400, 'input-invalid');
  });

  it('pages through many rated players with the rating index', async () => {
    const response = await call('/dev/seed/ratings', { method: 'POST', body: { count: 300 } });
    expect(response.status).toBe(200);
    const { ratings } = await json<{ ratings: number }>(response);
    expect(ratings).toBeGreaterThanOrEqual(300);
    expect((await ratingTab('?size=1')).page.totalElements).toBe(ratings);
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT player_id FROM player_ratings WHERE preset = 'CLASSIC' ORDER BY mu DESC, player_id DESC LIMIT 50`,
    ).all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(' ')).toContain('player_ratings_preset_mu_idx');
    expect(plan.results.map((r) => r.detail).join(' ')).not.toContain('TEMP B-TREE');
  });
});
