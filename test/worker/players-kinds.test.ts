import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { OverallStats, PlayerSearchResult } from '../../contract/players';
import { PLAYER_SEARCH_LIMIT } from '../../contract/players';
import { call, expectError, json, registerGuest, signUp, type Player } from './helpers';

// Guests, one made for every visitor, would swell the player list and its statistics: the list holds
// registered players unless asked for guests (`kind`), the statistics count guests apart, and the search box
// finds registered players only.

type PlayerPage = { _embedded: { players: Player[] }; page: { totalElements: number } };

/** Six letters and digits, a letter first: usernames start with one. */
const tag = () => `x${crypto.randomUUID().replace(/-/g, '').slice(0, 5)}`;

async function list(query: string) {
  const response = await call(`/players/?${query}`);
  expect(response.status, query).toBe(200);
  return json<PlayerPage>(response);
}

async function guestNamed(name: string) {
  const guest = await registerGuest();
  await env.DB.prepare('UPDATE players SET name = ? WHERE id = ?').bind(name, guest.player.id).run();
  return guest.player;
}

async function search(q: string) {
  const response = await call(`/players/search?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  return (await json<PlayerSearchResult>(response))._embedded.players;
}

describe('the player list by kind', () => {
  it('lists registered players by default, guests when asked, and everyone with kind=all', async () => {
    const t = tag();
    const member = (await signUp({ username: `m${t}` })).player;
    const guest = await guestNamed(`g${t}`);
    const ids = async (query: string) =>
      (await list(`name=${t}&${query}`))._embedded.players.map((p) => p.id);
    expect(await ids('')).toEqual([member.id]);
    expect(await ids('kind=registered')).toEqual([member.id]);
    expect(await ids('kind=guests')).toEqual([guest.id]);
    expect((await ids('kind=all&sort=id&order=ASC')).sort()).toEqual([member.id, guest.id].sort());
  });

  it('counts only the kind asked', async () => {
    await registerGuest();
    const [registered, guests, all] = await Promise.all(
      ['', 'kind=guests', 'kind=all'].map(
        async (query) => (await list(`size=1&${query}`)).page.totalElements,
      ),
    );
    expect(guests).toBeGreaterThan(0);
    expect(all).toBe(registered + guests);
  });

  it('refuses an unknown kind: 400 input-invalid', async () => {
    await expectError(await call('/players/?kind=robots'), 400, 'input-invalid');
  });
});

describe('the player statistics', () => {
  it('count guests apart, and the newest player is the newest registered one', async () => {
    const before = await json<OverallStats>(await call('/players/stats'));
    const member = (await signUp()).player;
    await registerGuest();
    await registerGuest();
    const after = await json<OverallStats>(await call('/players/stats'));
    expect(after.totalPlayers).toBe(before.totalPlayers + 1);
    expect(after.totalGuests).toBe(before.totalGuests + 2);
    expect(after.newestPlayer?.id).toBe(member.id);
  });
});

describe('the player search (GET /api/players/search?q=)', () => {
  it('finds registered players whose name holds the text, those starting with it first', async () => {
    const t = tag();
    const inside = (await signUp({ username: `Ana${t}` })).player;
    const starts = (await signUp({ username: `${t}Zed` })).player;
    await guestNamed(`Guest${t}`);
    const banned = (await signUp({ username: `Ban${t}` })).player;
    await env.DB.prepare("UPDATE players SET status = 'BANNED' WHERE id = ?").bind(banned.id).run();
    const found = await search(t.toUpperCase());
    expect(found.map((p) => p.id)).toEqual([starts.id, inside.id]);
    expect(found[0]).toEqual({ id: starts.id, name: starts.name, avatar: null, bot: false });
  });

  it(`answers at most ${PLAYER_SEARCH_LIMIT} players`, async () => {
    const t = tag();
    for (let i = 0; i < PLAYER_SEARCH_LIMIT + 2; i++) await signUp({ username: `n${i}${t}` });
    expect(await search(t)).toHaveLength(PLAYER_SEARCH_LIMIT);
  });

  it('takes LIKE’s wildcards as plain text', async () => {
    expect(await search('%')).toEqual([]);
  });

  it('refuses an empty or overlong text: 400 search-invalid', async () => {
    await expectError(await call('/players/search'), 400, 'search-invalid');
    await expectError(await call('/players/search?q=%20%20'), 400, 'search-invalid');
    await expectError(await call(`/players/search?q=${'x'.repeat(51)}`), 400, 'search-invalid');
  });
});
