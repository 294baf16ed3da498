import type { Page } from '@playwright/test';
import type { OverallStats } from '../../contract/players';
import { put } from './finishedGames';
import { expect, test } from './fixtures';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// The lists of players and games as a newcomer meets them (issue 25 items 8, 15, 17): /players and the
// statistics count registered players, guests when asked; every row of /players has one height, an
// uploaded avatar's too; a name in /games stays on one line on a phone.

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36).slice(-6);

let ana: Player;
let guestName = '';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  ana = await newPlayer(browser, `GreenTiger${run}`.slice(0, 15));
  // A guest who played a turn: one of the visitors who swell the lists.
  const visitor = await browser.newContext();
  const guest = await visitor.request.post('/api/auth/register-guest', { data: {} });
  expect(guest.ok(), await guest.text()).toBe(true);
  guestName = ((await guest.json()) as { name: string }).name;
  await visitor.close();
  // Ana uploads an avatar (a 300 x 300 PNG drawn in the browser) and plays a turn, so her game is listed.
  await open(ana.page, '/players');
  const png = await ana.page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 300;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#1f6f5c';
    g.fillRect(0, 0, 300, 300);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  const uploaded = await ana.context.request.put(`/api/players/${ana.id}/avatar`, {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const game = await put(ana.context.request, '/api/games/', { playerId: ana.id });
  await put(ana.context.request, game._links.roll!.href, { diceToRoll: [0, 1, 2, 3, 4] });
});

test.afterAll(async () => {
  await ana?.context.close();
});

const table = (page: Page) => page.getByRole('table');

/** The heights of the body rows of the page's table. */
const rowHeights = (page: Page) =>
  table(page)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));

async function setLanguage(player: Player, language: 'en-US' | 'hr') {
  const reply = await player.context.request.put(`/api/players/${player.id}/preferences`, {
    data: { language, theme: 'dark' },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

test('/players lists registered players; a choice shows the guests; the statistics count guests apart', async () => {
  const page = ana.page;
  await open(page, '/players');
  const kinds = page.getByRole('group', { name: 'Show' });
  await expect(kinds.getByRole('radio', { name: 'Registered players' })).toBeChecked();
  await expect(table(page).getByRole('link', { name: ana.name, exact: true })).toBeVisible();
  await expect(table(page).getByRole('link', { name: guestName, exact: true })).toHaveCount(0);

  await kinds.getByRole('radio', { name: 'Guests' }).click();
  await expect(page).toHaveURL(/kind=guests/);
  await expect(kinds.getByRole('radio', { name: 'Guests' })).toBeChecked();
  await expect(table(page).getByRole('link', { name: guestName, exact: true })).toBeVisible();
  await expect(table(page).getByRole('link', { name: ana.name, exact: true })).toHaveCount(0);

  await kinds.getByRole('radio', { name: 'Everyone' }).click();
  await expect(page).toHaveURL(/kind=all/);
  await expect(kinds.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  await expect(table(page).getByRole('link', { name: guestName, exact: true })).toBeVisible();
  await expect(table(page).getByRole('link', { name: ana.name, exact: true })).toBeVisible();
  await noSidewaysScroll(page);

  // The statistics beside the rankings: the registered players, and the guests on a line of their own.
  const stats = (await (await page.request.get('/api/players/stats')).json()) as OverallStats;
  await open(page, '/rankings');
  const figures = page.getByRole('complementary', { name: 'Statistics' });
  const figure = (label: string) =>
    figures.locator('dl > div', { has: page.getByText(label, { exact: true }) });
  await expect(figure('Total players').locator('dd')).toHaveText(String(stats.totalPlayers));
  await expect(figure('Guests').locator('dd')).toHaveText(String(stats.totalGuests));
  await expect(figure('Newest player').locator('dd')).toHaveText(stats.newestPlayer!.name);
  expect(stats.newestPlayer!.name).not.toBe(guestName);

  // In Croatian.
  await setLanguage(ana, 'hr');
  await open(page, '/players?kind=guests');
  const hrKinds = page.getByRole('group', { name: 'Prikažite' });
  await expect(hrKinds.getByRole('radio', { name: 'Gosti' })).toBeChecked();
  await expect(hrKinds.getByRole('radio', { name: 'Registrirani igrači' })).toBeVisible();
  await expect(hrKinds.getByRole('radio', { name: 'Svi' })).toBeVisible();
  await setLanguage(ana, 'en-US');
});

test('every row of /players has one height, the row of a player with an uploaded avatar too', async () => {
  const page = ana.page;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await open(page, '/players?kind=all&size=20');
    const row = table(page).locator('tbody tr', {
      has: page.getByRole('link', { name: ana.name, exact: true }),
    });
    await expect(row).toBeVisible();
    if (viewport === DESKTOP) await expect(row.locator('img.avatar')).toBeVisible();
    const heights = await rowHeights(page);
    expect(heights.length).toBeGreaterThan(2);
    expect(
      Math.max(...heights) - Math.min(...heights),
      `row heights ${heights.join(', ')}`,
    ).toBeLessThanOrEqual(1);
    await noSidewaysScroll(page);
  }
  await page.setViewportSize(DESKTOP);
});

test('on a phone, a name in /games stays on one line: whole, or cut with an ellipsis', async () => {
  const page = ana.page;
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, '/games');
  const name = table(page)
    .getByRole('link', { name: new RegExp(ana.name) })
    .locator('.data-name');
  await expect(name).toBeVisible();
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 740 });
    const names = table(page).locator('tbody .data-name');
    for (const cell of await names.all()) {
      const shape = await cell.evaluate((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        const cellBox = element.closest('td, th')!.getBoundingClientRect();
        return {
          height: box.height,
          line: parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5,
          cut: element.scrollWidth > element.clientWidth,
          ellipsis: style.textOverflow === 'ellipsis',
          inside: box.left >= cellBox.left - 0.5 && box.right <= cellBox.right + 0.5,
        };
      });
      expect(shape.height, 'one line').toBeLessThan(shape.line * 1.5);
      if (shape.cut) expect(shape.ellipsis, 'a cut name ends in an ellipsis').toBe(true);
      expect(shape.inside, 'the name stays in its cell').toBe(true);
    }
    const box = page.locator('.data-table-box');
    const overflow = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, `the table scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await noSidewaysScroll(page);
  }
  await page.setViewportSize(DESKTOP);
});
