import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeAdmin, newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';
import { roll } from './playScreen';

// The about page's status tab as an admin reads it: the requests, error rate, p50/p99 per route over the
// last hour and day, the top routes and the active rooms, from the data points the requests and the rooms
// write. The test's server has no Analytics Engine SQL API, so the page reads them from the local store and
// says so (test/worker/metrics.test.ts drives the SQL API's side against a fake of it).
// A line of figures joins them with a no-break space and a dot (`\s·\s` below), so a short line breaks
// between figures and never leaves a dot at the start of one.

const run = Date.now().toString(36).slice(-6);
let ada: Player;

test.beforeAll(async ({ browser }) => {
  ada = await newPlayer(browser, `ada${run}`, PHONE);
  await makeAdmin(ada);
});

test.afterAll(async () => {
  await ada?.context.close();
});

/** The value beside `label` in a window's list. */
const valueOf = (section: Locator, label: string) =>
  section
    .locator('.status-row')
    .filter({ has: section.page().getByText(label, { exact: true }) })
    .locator('dd');

async function insideCard(page: Page, inner: Locator) {
  const card = await page.locator('.card.status').boundingBox();
  const box = await inner.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(card!.x - 0.5);
  expect(box!.x + box!.width).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
}

test('an admin reads the requests, error rate, p50/p99 per route, top routes and active rooms, in English and Croatian', async () => {
  const { page } = ada;
  // A game: its room opens a socket and takes a move, and the requests pass through the Worker.
  await open(page, '/');
  await roll(page);

  await open(page, '/about#status');
  const figures = page.getByRole('region', { name: 'Server figures (admins)' });
  await expect(
    figures.getByText('Figures from the local store (development)', { exact: false }),
  ).toBeVisible();
  await expect(figures).not.toContainText('CPU');

  const hour = figures.getByRole('region', { name: 'Last hour' });
  await expect(figures.getByRole('region', { name: 'Last 24 hours' })).toBeVisible();
  // Counts are grouped by thousands (1,551; in Croatian 1.551): a full browser run makes over a thousand
  // moves and requests an hour on its server.
  expect(Number((await valueOf(hour, 'Requests processed').innerText()).replace(/\D/g, ''))).toBeGreaterThan(
    0,
  );
  await expect(valueOf(hour, 'Errors (5xx)')).toHaveText(/^\d+ \(\d+(\.\d+)?\s?% of requests\)$/);
  await expect(valueOf(hour, 'Response time')).toHaveText(/^p50 [\d.,]+ ms\s·\sp99 [\d.,]+ ms$/);
  expect(Number((await valueOf(hour, 'Active rooms').innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(
    1,
  );
  await expect(valueOf(hour, 'Room activity')).toHaveText(
    /^moves: [1-9][\d,]*\s·\sconnections: [1-9][\d,]*\s·\salarms: [\d,]+$/,
  );

  // The busiest routes, at most ten: patterns, never paths with ids, each with its percentiles.
  const routes = hour.getByRole('list', { name: 'Top routes' });
  const items = routes.getByRole('listitem');
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(1);
  expect(count).toBeLessThanOrEqual(10);
  for (const name of await routes.locator('code').allInnerTexts())
    expect(name).toMatch(/^(GET|PUT|POST|PATCH|DELETE) (\/api\/[\w/:*.-]*|\(no route\))$/);
  await expect(routes).not.toContainText(/\/api\/games\/\d/);
  await expect(items.first().locator('.metrics-route-figures')).toHaveText(
    /^requests: [\d,]+\s·\serrors: [\d,]+\s·\sp50 [\d.,]+ ms\s·\sp99 [\d.,]+ ms$/,
  );

  // At 360 px every route and its figures stay inside the card, and nothing scrolls sideways.
  for (let i = 0; i < count; i++) {
    await insideCard(page, items.nth(i).locator('code'));
    await insideCard(page, items.nth(i).locator('.metrics-route-figures'));
  }
  await noSidewaysScroll(page);

  const reply = await ada.context.request.put(`/api/players/${ada.id}/preferences`, {
    data: { language: 'hr', theme: 'light' },
  });
  expect(reply.ok()).toBe(true);
  // The same address: a new load (goto would only move to the hash), which reads the new language.
  await page.reload();
  const hr = page.getByRole('region', { name: 'Podaci poslužitelja (administratori)' });
  await expect(hr.getByText('Podaci iz lokalne pohrane (razvoj)', { exact: false })).toBeVisible();
  const hrHour = hr.getByRole('region', { name: 'Posljednji sat' });
  await expect(hr.getByRole('region', { name: 'Posljednja 24 sata' })).toBeVisible();
  await expect(valueOf(hrHour, 'Vrijeme odgovora')).toHaveText(/^p50 [\d.,]+ ms\s·\sp99 [\d.,]+ ms$/);
  expect(
    Number((await valueOf(hrHour, 'Aktivne sobe').innerText()).replace(/\D/g, '')),
  ).toBeGreaterThanOrEqual(1);
  const hrRoutes = hrHour.getByRole('list', { name: 'Najprometnije rute' });
  await expect(hrRoutes.locator('.metrics-route-figures').first()).toHaveText(
    /^zahtjevi: [\d.]+\s·\spogreške: [\d.]+\s·\sp50 [\d.,]+ ms\s·\sp99 [\d.,]+ ms$/,
  );
  await insideCard(page, hrRoutes);
  await noSidewaysScroll(page);
});
