import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { finishGames, scoresOf } from './finishedGames';
import { newPlayer, noSidewaysScroll } from './players';

// A player's page: their figures, the chart of their score history (a dot per game and the running
// average drawn over them) at a phone's and a desktop's width, their scores table, and from a score to its
// game. The chart's code is fetched only when a player page shows it, never by the play screen.

test.use({ reducedMotion: 'reduce' });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
const run = Date.now().toString(36).slice(-6);
const number = new Intl.NumberFormat('en-US');

async function chartFits(page: Page, games: number) {
  const chart = page.locator('.score-chart svg');
  await expect(chart).toBeVisible({ timeout: 15_000 });
  await expect(chart.locator('.score-chart-points circle')).toHaveCount(games);
  // The running average: one point per game, a line through them.
  const average = chart.locator('path.score-chart-average');
  await expect(average).toHaveAttribute('d', new RegExp(`^M[\\d. ]+(L[\\d. ]+){${games - 1}}$`));
  await expect(page.locator('.score-chart-legend')).toContainText('Running average');
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`^Score history: ${games} games`));
  // Every dot inside the chart's box, the box inside the page.
  const box = await chart.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  for (const dot of await chart.locator('circle').all()) {
    const at = (await dot.boundingBox())!;
    expect(at.x).toBeGreaterThanOrEqual(box!.x - 4);
    expect(at.x + at.width).toBeLessThanOrEqual(box!.x + box!.width + 4);
    expect(at.y).toBeGreaterThanOrEqual(box!.y - 4);
    expect(at.y + at.height).toBeLessThanOrEqual(box!.y + box!.height + 4);
  }
  await noSidewaysScroll(page);
}

test("a player's page: figures, the score history chart at 360 and 1280 px, the scores table", async ({
  browser,
}) => {
  // Three whole games through the API are some 470 requests before the page is opened: on a busy 2-core
  // machine they alone took most of two minutes.
  test.setTimeout(240_000);
  const ben = await newPlayer(browser, `Chart${run}`, DESKTOP);
  const totals = await finishGames(ben, 3);
  await scoresOf(ben.context.request, ben.id, 3);
  const { page } = ben;

  // The play screen does not fetch the chart's code.
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((url) => /ScoreChart/.test(url))).toEqual([]);

  // From the players table to Ben's page.
  await page.goto('/players');
  await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('table').getByRole('link', { name: ben.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/players/${ben.id}$`));
  await expect(page.getByRole('heading', { name: ben.name, level: 1 })).toBeVisible();
  await expect(page.getByText(/^Joined /)).toBeVisible();

  const figures = page.locator('.figures');
  await expect(figures.locator('.figure').filter({ hasText: 'Total games' }).locator('dd')).toHaveText('3');
  await expect(figures.locator('.figure').filter({ hasText: 'High score' }).locator('dd')).toHaveText(
    number.format(Math.max(...totals)),
  );
  await chartFits(page, 3);
  expect(
    fetched.some((url) => /ScoreChart/.test(url)),
    'the chart came in a chunk of its own',
  ).toBe(true);

  // The scores table: three rows, newest first, each opening its score, which opens its game.
  // The scores table (the page has the Yamb figures' column table too).
  const table = page.locator('.player-scores').getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
  await table.getByRole('button', { name: 'Score' }).click();
  await expect(table.getByRole('columnheader', { name: 'Score' })).toHaveAttribute('aria-sort', 'descending');
  const top = number.format(Math.max(...totals));
  // The score's own link, by its whole name: "Open game 183" holds "183" too, and until the sorted page is in
  // the first row may be another.
  const best = table.locator('tbody tr').first().getByRole('link', { name: top, exact: true });
  await expect(best).toBeVisible();
  await best.click();
  await expect(page).toHaveURL(/\/scores\/\d+$/);
  await expect(page.getByRole('heading', { name: `Score ${top}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: ben.name, exact: true })).toBeVisible();
  await expect(page.getByText(/^Solo game · (Completed|Archived)$/)).toBeVisible();
  await page.getByRole('link', { name: /^Open game \d+$/ }).click();
  await expect(page).toHaveURL(/\/games\/\d+$/);
  await expect(page.locator('.sheet')).toBeVisible({ timeout: 15_000 });

  // On a phone: the chart redrawn for 360 px, still every game and the average.
  await page.setViewportSize(PHONE);
  await page.goto(`/players/${ben.id}`);
  await chartFits(page, 3);
  await expect(page.locator('.player-scores').getByRole('table').locator('tbody tr')).toHaveCount(3);
  await ben.context.close();
});

test('the scores table lists finished games and opens a score', async ({ browser }) => {
  const cleo = await newPlayer(browser, `Scores${run}`, PHONE);
  const [total] = await finishGames(cleo, 1);
  await scoresOf(cleo.context.request, cleo.id, 1);
  const { page } = cleo;
  await page.goto('/scores');
  await expect(page.getByRole('heading', { name: 'Scores', level: 1 })).toBeVisible({ timeout: 15_000 });
  const first = page.getByRole('table').locator('tbody tr').first();
  await expect(first).toContainText(cleo.name);
  await expect(first).toContainText(number.format(total));
  await noSidewaysScroll(page);
  await cleo.context.close();
});
