import type { ClashResource } from '../../contract/clashes';
import type { PlayerResource } from '../../contract/players';
import type { HeadToHead } from '../../contract/ratings';
import { finishClash, put } from './finishedGames';
import { expect, test } from './fixtures';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// Clash ratings in the browser: Ana and Ben, registered through the API, play a whole clash through their
// games' links; the rating tab then lists both among a few dozen rated players seeded through the
// development-only route, and Ben's page shows his rating, its chart and, to Ana, their head-to-head record
// with a link to the clash.

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);

let ana: Player;
let ben: Player;
let clashId = 0;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  ana = await newPlayer(browser, `Ana${run}`);
  ben = await newPlayer(browser, `Ben${run}`);
  // Enough rated players to fill the first page, seeded once per data directory.
  const tab = (await (await ana.context.request.get('/api/ratings/?size=1')).json()) as {
    page: { totalElements: number };
  };
  if (tab.page.totalElements < 30) {
    const seeded = await ana.context.request.post('/api/dev/seed/ratings', { data: { count: 30 } });
    expect(seeded.ok(), await seeded.text()).toBe(true);
  }

  const created = await ana.context.request.post('/api/clashes/', {
    data: { ownerId: ana.id, playerIds: [ana.id, ben.id], type: 'LIVE', name: `Rated ${run}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  clashId = ((await created.json()) as ClashResource).id;
  await put(ben.context.request, `/api/clashes/${clashId}/accept`, { playerId: ben.id });
  await finishClash(clashId, [ana, ben]);
});

test.afterAll(async () => {
  await ana?.context.close();
  await ben?.context.close();
});

test('the Rating tab of the rankings lists the rated players by rating, paged by the server', async () => {
  const page = ana.page;
  await open(page, '/rankings');
  await page.getByRole('tab', { name: 'Rating' }).click();
  await expect(page).toHaveURL(/period=rating/);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: /Rating/ })).toBeVisible();
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(10);
  // Both players of the clash are rated and on the tab (the viewer's row marked).
  await expect(table.getByRole('link', { name: ana.name, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: ben.name, exact: true })).toBeVisible();
  const values = (
    await table.locator('tbody tr td.data-numeric .rating-badge [aria-hidden]').allTextContents()
  ).map((text) => Number(text.replace(/\D/g, '')));
  expect(values.length).toBeGreaterThan(0);
  expect(values).toEqual([...values].sort((a, b) => b - a));
  await noSidewaysScroll(page);

  await page.setViewportSize(PHONE);
  await expect(table.getByRole('link', { name: ana.name, exact: true })).toBeVisible();
  await noSidewaysScroll(page);
  await page.setViewportSize(DESKTOP);
});

test('the player page shows the rating, its history and, to another player, the head-to-head record', async () => {
  const benSeen = (await (await ana.context.request.get(`/api/players/${ben.id}`)).json()) as PlayerResource;
  expect(benSeen.rating).toMatchObject({ clashes: 1, provisional: true });
  const record = (await (
    await ana.context.request.get(`/api/players/${ben.id}/head-to-head`)
  ).json()) as HeadToHead;
  expect(record.wins + record.losses + record.ties).toBe(1);

  const page = ana.page;
  await open(page, `/players/${ben.id}`);
  const rating = page.getByRole('region', { name: 'Clash rating' });
  await expect(rating.getByTestId('player-rating-value')).toHaveText(String(benSeen.rating!.value));
  await expect(rating.getByText('Provisional')).toBeVisible();
  await expect(rating.getByText('1 rated clash')).toBeVisible();
  await expect(rating.locator('svg[role="img"]')).toBeVisible();

  const h2h = page.getByRole('region', { name: `You against ${ben.name}` });
  await expect(h2h.getByText('Wins')).toBeVisible();
  const figures = await h2h.locator('dd').allTextContents();
  expect(figures).toEqual([String(record.wins), String(record.losses), String(record.ties)]);
  const link = h2h.getByRole('link', { name: `Rated ${run}` });
  await expect(link).toHaveAttribute('href', `/clashes/${clashId}`);
  await noSidewaysScroll(page);

  await page.setViewportSize(PHONE);
  await expect(h2h.getByRole('link', { name: `Rated ${run}` })).toBeVisible();
  await noSidewaysScroll(page);
  await page.setViewportSize(DESKTOP);

  // On their own page there is no record against themselves.
  await open(page, `/players/${ana.id}`);
  await expect(page.getByRole('region', { name: 'Clash rating' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^You against/ })).toHaveCount(0);

  // And to a visitor (a guest once the app opens): the rating, no record.
  await page.context().clearCookies();
  await open(page, `/players/${ben.id}`);
  await expect(page.getByRole('region', { name: 'Clash rating' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^You against/ })).toHaveCount(0);
});
