import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, expectError, json, registerGuest, registerPlayer, type Player } from './helpers';

// The clash form's player picker: GET /api/players/?name=<text>&guest=false finds whom a clash may invite.

async function search(query: string) {
  const response = await call(`/players/?${query}`);
  expect(response.status).toBe(200);
  return json<{ _embedded: { players: Player[] }; page: { totalElements: number; totalPages: number } }>(
    response,
  );
}

/** A guest under `name`: guests get generated names, so the row is renamed (no API renames a guest). */
async function guestNamed(name: string) {
  const guest = await registerGuest();
  await env.DB.prepare('UPDATE players SET name = ? WHERE id = ?').bind(name, guest.player.id).run();
  return guest;
}

const names = (body: { _embedded: { players: Player[] } }) => body._embedded.players.map((p) => p.name);

describe('searching players by name', () => {
  it('finds every player whose name holds the text, in any case, and only them', async () => {
    const tag = crypto.randomUUID().replace(/-/g, '').slice(0, 6);
    await registerPlayer({ username: `Mar${tag}ko` });
    await registerPlayer({ username: `iva${tag.toUpperCase()}` });
    await guestNamed(`g${tag}x`);
    await registerPlayer({ username: `Other${crypto.randomUUID().slice(0, 6)}` });
    const body = await search(`name=${tag.toUpperCase()}&kind=all&sort=name&order=asc&size=50`);
    expect(names(body)).toEqual(
      [`g${tag}x`, `iva${tag.toUpperCase()}`, `Mar${tag}ko`].sort((a, b) => (a < b ? -1 : 1)),
    );
    expect(body.page.totalElements).toBe(3);
  });

  it('with guest=false leaves out guests and banned players', async () => {
    const tag = crypto.randomUUID().replace(/-/g, '').slice(0, 6);
    const member = await registerPlayer({ username: `m${tag}` });
    const banned = await registerPlayer({ username: `b${tag}` });
    await guestNamed(`g${tag}`);
    await env.DB.prepare("UPDATE players SET status = 'BANNED' WHERE id = ?").bind(banned.player.id).run();
    const body = await search(`name=${tag}&guest=false`);
    expect(body._embedded.players.map((p) => p.id)).toEqual([member.player.id]);
    expect(body.page.totalElements).toBe(1);
  });

  it('keeps paging and sorting, and counts only the matches', async () => {
    const tag = crypto.randomUUID().replace(/-/g, '').slice(0, 6);
    for (const letter of ['c', 'a', 'd', 'b']) await registerPlayer({ username: `${letter}${tag}` });
    const first = await search(`name=${tag}&guest=false&sort=name&order=ASC&size=3&page=0`);
    const second = await search(`name=${tag}&guest=false&sort=name&order=ASC&size=3&page=1`);
    expect(names(first)).toEqual([`a${tag}`, `b${tag}`, `c${tag}`]);
    expect(names(second)).toEqual([`d${tag}`]);
    expect(first.page).toMatchObject({ totalElements: 4, totalPages: 2 });
  });

  it('takes LIKE’s wildcards as plain text', async () => {
    const body = await search('name=%25&guest=false');
    expect(body.page.totalElements).toBe(0);
    expect((await search('name=_')).page.totalElements).toBe(0);
  });

  it('without a name lists everyone of the kind asked', async () => {
    const everyone = await search('size=1&kind=all');
    const guestsToo = await search('size=1&guest=true');
    const members = await search('size=1&guest=false');
    expect(everyone.page.totalElements).toBeGreaterThanOrEqual(members.page.totalElements);
    expect(everyone.page.totalElements).toBeGreaterThanOrEqual(guestsToo.page.totalElements);
  });

  it('refuses a malformed filter: 400 input-invalid', async () => {
    await expectError(await call('/players/?guest=maybe'), 400, 'input-invalid');
    await expectError(await call(`/players/?name=${'x'.repeat(51)}`), 400, 'input-invalid');
  });
});
