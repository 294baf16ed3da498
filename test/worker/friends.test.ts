import { describe, expect, it } from 'vitest';
import type { FollowedPlayer, FriendPlayer, Relation } from '../../contract/friends';
import type { Page } from '../../contract/page';
import {
  createClash,
  expectSilence,
  lobby,
  type Message,
  players,
  postClash,
  socket,
  startedClash,
} from './clashes-helpers';
import { call, expectError, json, registerGuest, type Session } from './helpers';
import { openTab } from './presence-helpers';

// Friends (issue 29): follow, followers, block, and what a block refuses: a challenge, a follow, and the
// reactions and suggestions that would reach the blocker.

const put = (session: Session, path: string) => call(path, { method: 'PUT', jar: session.jar });
const del = (session: Session, path: string) => call(path, { method: 'DELETE', jar: session.jar });
const follow = (a: Session, b: Session) => put(a, `/players/${b.player.id}/follow`);
const unfollow = (a: Session, b: Session) => del(a, `/players/${b.player.id}/follow`);
const block = (a: Session, b: Session) => put(a, `/players/${b.player.id}/block`);

async function list<T = FriendPlayer>(
  session: Session,
  which: 'following' | 'followers' | 'blocks',
  query = '',
) {
  const response = await call(`/players/me/${which}${query}`, { jar: session.jar });
  expect(response.status).toBe(200);
  return json<Page<'players', T>>(response);
}
const ids = (page: Page<'players', FriendPlayer>) => page._embedded.players.map((p) => p.id);

describe('following', () => {
  it('follow and unfollow are idempotent, one way, and answer the relation with its links', async () => {
    const [ana, ben] = await players(2);
    for (let i = 0; i < 2; i++) {
      const response = await follow(ana, ben);
      expect(response.status).toBe(200);
      const relation = await json<Relation>(response);
      expect(relation).toMatchObject({ following: true, followsYou: false, blocking: false });
      expect(Object.keys(relation._links).sort()).toEqual(['block', 'unfollow']);
    }
    expect(ids(await list(ana, 'following'))).toEqual([ben.player.id]);
    expect(ids(await list(ben, 'followers'))).toEqual([ana.player.id]);
    // One way: Ben follows nobody, and sees that Ana follows him.
    expect(ids(await list(ben, 'following'))).toEqual([]);
    const seen = await json<Relation>(await call(`/players/${ana.player.id}/relation`, { jar: ben.jar }));
    expect(seen).toMatchObject({ following: false, followsYou: true, blocking: false });
    expect(Object.keys(seen._links).sort()).toEqual(['block', 'follow']);
    for (let i = 0; i < 2; i++) {
      const response = await unfollow(ana, ben);
      expect(response.status).toBe(200);
      expect(await json<Relation>(response)).toMatchObject({ following: false });
    }
    expect(ids(await list(ana, 'following'))).toEqual([]);
  });

  it('refuses oneself, an unknown player and a guest', async () => {
    const [ana] = await players(1);
    await expectError(await follow(ana, ana), 400, 'friends-self');
    await expectError(await put(ana, '/players/999999999/follow'), 404, 'player-not-found');
    const guest = await registerGuest();
    await expectError(await follow(guest, ana), 403, 'friends-guest');
    await expectError(await block(guest, ana), 403, 'friends-guest');
    const anonymous = await call(`/players/${ana.player.id}/follow`, { method: 'PUT' });
    await expectError(anonymous, 401, 'unauthorized');
  });

  it('the following list says who is online (a tab open) and in a game (a started clash), paged', async () => {
    const [me] = await players(1);
    const { clash, players: playing } = await startedClash(2);
    const [idle, online] = await players(2);
    for (const other of [playing[0], idle, online]) expect((await follow(me, other)).status).toBe(200);
    const tab = await openTab(online);
    try {
      await tab.until((m) => m.type === 'CONNECTED');
      let entries: FollowedPlayer[] = [];
      for (let i = 0; i < 50; i++) {
        entries = (await list<FollowedPlayer>(me, 'following', '?sort=name&order=ASC&size=10'))._embedded
          .players;
        if (entries.find((p) => p.id === online.player.id)?.online) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const byId = new Map(entries.map((p) => [p.id, p]));
      expect(byId.get(online.player.id)).toMatchObject({ online: true, clashId: null });
      expect(byId.get(idle.player.id)).toMatchObject({ online: false, clashId: null });
      expect(byId.get(playing[0].player.id)).toMatchObject({ clashId: clash.id });
      expect(byId.get(playing[0].player.id)?._links.clash?.href).toBe(`/api/clashes/${clash.id}`);
      expect(byId.get(idle.player.id)?.rating).toMatchObject({ value: 1500, provisional: true });
      expect(entries.map((p) => p.name)).toEqual([...entries.map((p) => p.name)].sort());
    } finally {
      tab.close();
    }
    const first = await list(me, 'following', '?size=2');
    expect(first.page).toMatchObject({ size: 2, totalElements: 3, totalPages: 2 });
    expect(first._embedded.players).toHaveLength(2);
  });

  it('a player removes a follower', async () => {
    const [ana, ben] = await players(2);
    await follow(ben, ana);
    const followers = await list(ana, 'followers');
    expect(followers._embedded.players[0]?._links.remove?.href).toBe(
      `/api/players/me/followers/${ben.player.id}`,
    );
    expect((await del(ana, `/players/me/followers/${ben.player.id}`)).status).toBe(204);
    expect((await del(ana, `/players/me/followers/${ben.player.id}`)).status).toBe(204);
    expect(ids(await list(ana, 'followers'))).toEqual([]);
    expect(ids(await list(ben, 'following'))).toEqual([]);
  });
});

describe('blocking', () => {
  it('ends the follows both ways; the blocked player can follow no more, the blocker must unblock first', async () => {
    const [ana, ben] = await players(2);
    await follow(ana, ben);
    await follow(ben, ana);
    const blocked = await json<Relation>(await block(ana, ben));
    expect(blocked).toMatchObject({ following: false, followsYou: false, blocking: true });
    expect(Object.keys(blocked._links)).toEqual(['unblock']);
    expect(ids(await list(ana, 'following'))).toEqual([]);
    expect(ids(await list(ana, 'followers'))).toEqual([]);
    expect(ids(await list(ana, 'blocks'))).toEqual([ben.player.id]);
    const refused = await expectError(await follow(ben, ana), 403, 'follow-blocked');
    expect(refused.message).toBe('This player cannot be followed');
    await expectError(await follow(ana, ben), 403, 'follow-blocking');
    // Ben sees no follow link on Ana.
    const seen = await json<Relation>(await call(`/players/${ana.player.id}/relation`, { jar: ben.jar }));
    expect(Object.keys(seen._links)).toEqual(['block']);
    expect((await del(ana, `/players/${ben.player.id}/block`)).status).toBe(200);
    expect(ids(await list(ana, 'blocks'))).toEqual([]);
    expect((await follow(ben, ana)).status).toBe(200);
  });

  it('a blocked player cannot challenge the blocker (create and add), nor the blocker them', async () => {
    const [ana, ben, cid] = await players(3);
    await block(ana, ben);
    const refused = await expectError(
      await postClash(ben, [ben.player.id, ana.player.id]),
      403,
      'invitations-blocked',
    );
    expect(refused.message).toBe('This player does not take clash invitations from you');
    const other = await createClash(ben, [cid]);
    await expectError(
      await lobby(ben, other.id, 'add', { playerIds: [ana.player.id] }),
      403,
      'invitations-blocked',
    );
    await expectError(await postClash(ana, [ana.player.id, ben.player.id]), 403, 'invitee-blocked');
  });

  it('a player the maker blocked cannot join their challenge link, nor propose them a rematch', async () => {
    const [ana, ben] = await players(2);
    const made = await call('/challenges/', { method: 'POST', jar: ana.jar, body: { seats: 2 } });
    expect(made.status).toBe(201);
    const { code } = await json<{ code: string }>(made);
    await block(ana, ben);
    const joined = await call(`/challenges/${code}/join`, { method: 'POST', jar: ben.jar });
    await expectError(joined, 403, 'invitations-blocked');
    await del(ana, `/players/${ben.player.id}/block`);

    // A finished clash between the two (Ben resigns), then Ana blocks Ben: no rematch either way.
    const {
      clash,
      players: [cid, dan],
    } = await startedClash(2);
    expect(
      (await call(`/clashes/${clash.id}/resign`, { method: 'PUT', jar: dan.jar, body: {} })).status,
    ).toBe(200);
    await block(cid, dan);
    await expectError(
      await call(`/clashes/${clash.id}/rematch`, { method: 'POST', jar: dan.jar }),
      403,
      'invitations-blocked',
    );
    await expectError(
      await call(`/clashes/${clash.id}/rematch`, { method: 'POST', jar: cid.jar }),
      403,
      'invitee-blocked',
    );
  });

  it('"known only" invitations count followed players as known', async () => {
    const [ana, ben] = await players(2);
    const prefs = await call(`/players/${ana.player.id}/preferences`, {
      method: 'PUT',
      jar: ana.jar,
      body: { language: 'en-US', theme: 'dark', invitations: 'known' },
    });
    expect(prefs.status).toBe(200);
    await expectError(await postClash(ben, [ben.player.id, ana.player.id]), 403, 'invitations-closed');
    await follow(ana, ben);
    expect((await postClash(ben, [ben.player.id, ana.player.id])).status).toBe(201);
  });

  it('what a blocked member says does not reach the blocker, live or in the log; the others still hear it', async () => {
    const {
      clash,
      players: [ana, ben],
    } = await startedClash(2);
    const isChat = (m: Message) => m.type === 'REACTION' || m.type === 'SUGGESTION';
    const anaSocket = await socket(`clashes/${clash.id}`, ana);
    const benSocket = await socket(`clashes/${clash.id}`, ben);
    const watcher = await socket(`clashes/${clash.id}`, null);
    for (const s of [anaSocket, benSocket, watcher]) await s.next();
    // Before the block, Ben's reaction reaches Ana.
    benSocket.send({ type: 'REACTION', content: 'party' });
    expect(await anaSocket.until(isChat)).toMatchObject({ type: 'REACTION', playerId: ben.player.id });
    await watcher.until(isChat);
    await benSocket.until(isChat);

    expect((await block(ana, ben)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3100)); // the chat cooldown
    benSocket.send({ type: 'SUGGESTION', content: 'Write it in the free column' });
    expect(await watcher.until(isChat)).toMatchObject({ type: 'SUGGESTION', playerId: ben.player.id });
    expect(await benSocket.until(isChat)).toMatchObject({ type: 'SUGGESTION' });
    await expectSilence(anaSocket, 300);
    // Ana's own reaction still reaches Ben (a block silences the blocked, not the blocker).
    anaSocket.send({ type: 'REACTION', content: 'clover' });
    expect(await benSocket.until(isChat)).toMatchObject({ type: 'REACTION', playerId: ana.player.id });
    // A new socket of Ana's reads the log without any of Ben's chat lines; Ben's own reads them all.
    const again = await socket(`clashes/${clash.id}`, ana, { log: true });
    await again.next();
    const log = await again.until((m) => m.type === 'LOG');
    const lines = log.type === 'LOG' ? log.entries : [];
    expect(
      lines.filter((l) => l.kind === 'SUGGESTION' || l.kind === 'REACTION').map((l) => l.playerId),
    ).toEqual([ana.player.id]);
    const benAgain = await socket(`clashes/${clash.id}`, ben, { log: true });
    await benAgain.next();
    const benLog = await benAgain.until((m) => m.type === 'LOG');
    expect(benLog.type === 'LOG' && benLog.entries.filter((l) => l.kind === 'SUGGESTION')).toHaveLength(1);
    for (const s of [anaSocket, benSocket, watcher, again, benAgain]) s.close();
  }, 15_000);
});
