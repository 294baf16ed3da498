import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLASH_COLUMN_SORTS } from '../../contract/clashes';
import { GAME_SORTS } from '../../contract/games';
import { NOTIFICATION_SORTS } from '../../contract/notifications';
import { PLAYER_SORTS } from '../../contract/players';
import { SCORE_SORTS } from '../../contract/scores';
import { type CookieJar, call, expectError, json, registerPlayer } from './helpers';
import { scoreRow } from './scores-fixtures';

// Every list pages and sorts on the server: each column it sorts by, either way, gives its rows in that order
// (equal values by id, the same way, so pages neither repeat nor skip), a page is the slice of the whole,
// and an unknown sort or order, a size outside 1-100 or a bad page is 400 input-invalid.

type Row = Record<string, unknown> & { id: number };

interface List {
  path: string;
  name: string;
  sorts: readonly string[];
  defaultSort: string;
  jar?: CookieJar;
}

let me: { jar: CookieJar; player: { id: number } };
const lists: List[] = [];

beforeAll(async () => {
  me = await registerPlayer();
  // Registered: the player list holds registered players unless asked for guests.
  const others = [await registerPlayer(), await registerPlayer(), await registerPlayer()];
  const now = Date.now();
  // Equal values and equal times on purpose: the order falls back on the id.
  const values = [300, 150, 300, 720, 40];
  for (const [i, value] of values.entries()) await scoreRow(me.player.id, value, now - (i % 3) * 60_000);
  for (const [i, { player }] of others.entries())
    for (const value of [200 + i, 500, 90]) await scoreRow(player.id, value, now - i * 1000);
  for (let i = 0; i < 5; i++) {
    const clash = await env.DB.prepare(
      'INSERT INTO clashes (name, owner_id, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
    )
      .bind(`Clash ${i}`, me.player.id, now - (i % 2) * 5000, now - ((i * 7) % 5) * 1000)
      .first<{ id: number }>();
    await env.DB.prepare(
      "INSERT INTO clash_players (clash_id, player_id, status, position) VALUES (?1, ?2, 'ACCEPTED', 0), (?1, ?3, 'PENDING', 1)",
    )
      .bind(clash?.id, me.player.id, others[i % 3].player.id)
      .run();
  }
  for (let i = 0; i < 5; i++)
    await env.DB.prepare('INSERT INTO notifications (player_id, content, created_at) VALUES (?, ?, ?)')
      .bind(me.player.id, `Note ${i}`, now - (i % 2) * 1000)
      .run();

  const mine = `/players/${me.player.id}`;
  lists.push(
    { path: '/games/', name: 'games', sorts: GAME_SORTS, defaultSort: 'updatedAt' },
    { path: '/players/', name: 'players', sorts: PLAYER_SORTS, defaultSort: 'createdAt' },
    { path: '/scores/', name: 'scores', sorts: SCORE_SORTS, defaultSort: 'createdAt' },
    { path: '/clashes/', name: 'clashes', sorts: CLASH_COLUMN_SORTS, defaultSort: 'updatedAt', jar: me.jar },
    { path: `${mine}/scores`, name: 'scores', sorts: SCORE_SORTS, defaultSort: 'createdAt' },
    { path: `${mine}/games`, name: 'games', sorts: GAME_SORTS, defaultSort: 'updatedAt' },
    {
      path: `${mine}/clashes`,
      name: 'clashes',
      sorts: CLASH_COLUMN_SORTS,
      defaultSort: 'createdAt',
      jar: me.jar,
    },
    {
      path: `${mine}/notifications`,
      name: 'notifications',
      sorts: NOTIFICATION_SORTS,
      defaultSort: 'createdAt',
      jar: me.jar,
    },
  );
});

async function fetchPage(list: List, query: string) {
  const response = await call(`${list.path}?${query}`, { jar: list.jar });
  expect(response.status, `${list.path}?${query}`).toBe(200);
  const body = await json(response);
  return { rows: body._embedded[list.name] as Row[], page: body.page };
}

/** Rows in the order a sort by `field` (then id), either way, gives them. */
function sortedBy(rows: Row[], field: string, order: 'ASC' | 'DESC') {
  const sign = order === 'ASC' ? 1 : -1;
  const key = (row: Row) => row[field] as string | number;
  return [...rows].sort((x, y) => {
    const [a, b] = [key(x), key(y)];
    const byField = a < b ? -1 : a > b ? 1 : 0;
    return sign * (byField || x.id - y.id);
  });
}

describe('every list', () => {
  it('has rows to page through', () => {
    expect(lists).toHaveLength(8);
  });

  it('sorts by each known column either way, the id breaking ties', async () => {
    for (const list of lists)
      for (const sort of list.sorts)
        for (const order of ['ASC', 'DESC'] as const) {
          const { rows, page } = await fetchPage(list, `sort=${sort}&order=${order}&size=100`);
          expect(rows.length, list.path).toBeGreaterThanOrEqual(4);
          expect(page.totalElements, list.path).toBe(rows.length);
          expect(
            rows.map((r) => r.id),
            `${list.path} ${sort} ${order}`,
          ).toEqual(sortedBy(rows, sort, order).map((r) => r.id));
        }
  });

  it('takes the order in any case and defaults to page 0 of 10 by its default sort, newest first', async () => {
    for (const list of lists) {
      const { rows, page } = await fetchPage(list, '');
      expect(page, list.path).toMatchObject({ number: 0, size: 10 });
      expect(page.totalPages, list.path).toBe(Math.ceil(page.totalElements / 10));
      const explicit = await fetchPage(list, `sort=${list.defaultSort}&order=desc&page=0&size=10`);
      expect(
        rows.map((r) => r.id),
        list.path,
      ).toEqual(explicit.rows.map((r) => r.id));
    }
  });

  it('answers a page as the slice of the whole, and an empty page past the end', async () => {
    for (const list of lists)
      for (const sort of list.sorts) {
        const all = await fetchPage(list, `sort=${sort}&order=ASC&size=100`);
        const second = await fetchPage(list, `sort=${sort}&order=ASC&size=2&page=1`);
        expect(
          second.rows.map((r) => r.id),
          `${list.path} ${sort}`,
        ).toEqual(all.rows.slice(2, 4).map((r) => r.id));
        expect(second.page).toEqual({
          size: 2,
          number: 1,
          totalElements: all.rows.length,
          totalPages: Math.ceil(all.rows.length / 2),
        });
        const past = await fetchPage(list, `sort=${sort}&size=100&page=1`);
        expect(past.rows, list.path).toEqual([]);
      }
  });

  it('answers the largest page, 100', async () => {
    for (const list of lists) expect((await fetchPage(list, 'size=100')).page.size).toBe(100);
  });

  it.each([
    ['an unknown sort', 'sort=password'],
    ['a sort in the wrong case', 'sort=CREATEDAT'],
    ['an unknown order', 'order=sideways'],
    ['size 0', 'size=0'],
    ['size 101', 'size=101'],
    ['size 9999', 'size=9999'],
    ['a fractional size', 'size=2.5'],
    ['a negative page', 'page=-1'],
    ['a page that is no number', 'page=two'],
  ])('refuses %s with 400 input-invalid', async (_, query) => {
    for (const list of lists)
      await expectError(await call(`${list.path}?${query}`, { jar: list.jar }), 400, 'input-invalid');
  });
});
