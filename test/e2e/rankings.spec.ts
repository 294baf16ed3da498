import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { finishGames, scoresOf } from './finishedGames';
import { newPlayer, noSidewaysScroll } from './players';

// A player finishes six games (through the API, as a script would) and finds them on /rankings: their best
// of the period highlighted, the table paged and sorted by the server, the period switched by the tabs,
// the statistics beside it; and the same screen on a phone without sideways scrolling.

test.use({ reducedMotion: 'reduce' });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
const run = Date.now().toString(36).slice(-6);
const number = new Intl.NumberFormat('en-US');

const rows = (table: Locator) => table.locator('tbody tr');

test('a finished game shows on the rankings, the best highlighted; the table pages, sorts and switches period', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ana = await newPlayer(browser, `Rank${run}`, DESKTOP);
  const totals = await finishGames(ana, 6);
  const scores = await scoresOf(ana.context.request, ana.id, 6);
  expect(scores.map((s) => s.value).sort((a, b) => a - b)).toEqual([...totals].sort((a, b) => a - b));
  const best = Math.max(...totals);

  const { page } = ana;
  await page.goto('/rankings');
  await expect(page.getByRole('heading', { name: 'Rankings', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'All time' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.ranking-mine')).toContainText(
    `Your best score in this period: ${number.format(best)}`,
  );

  // The statistics beside the table.
  const stats = page.getByRole('complementary', { name: 'Statistics' });
  await expect(stats.getByText('Total games')).toBeVisible();
  await expect(stats.getByText('Highest average')).toBeVisible();

  // Newest first: Ana's six scores lead the table, her best of them highlighted.
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Score' })).toHaveAttribute('aria-sort', 'descending');
  await table.getByRole('button', { name: 'Date' }).click();
  await expect(table.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('columnheader', { name: 'Score' })).not.toHaveAttribute('aria-sort');
  for (let i = 0; i < 6; i++) await expect(rows(table).nth(i)).toContainText(ana.name);
  const mine = table.locator('tr.data-row-mine');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Your best');
  await expect(mine.getByRole('link', { name: number.format(best), exact: true })).toBeVisible();

  // Pages of five: the sixth newest score opens page 2.
  await expect(page.getByLabel('Rows per page')).toHaveValue('50');
  await page.getByLabel('Rows per page').selectOption('5');
  await expect(rows(table)).toHaveCount(5);
  const pager = page.getByRole('navigation', { name: /^Pages of/ });
  await expect(pager).toContainText(/Page 1 of \d+/);
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(pager.locator('.data-range')).toHaveText(/^6–\d+ of \d+$/);
  await expect(rows(table).first()).toContainText(ana.name);
  // The page is in the address: a player's page and back returns to it.
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await rows(table).first().getByRole('link', { name: ana.name }).click();
  await expect(page.getByRole('heading', { name: ana.name, level: 1 })).toBeVisible();
  await page.goBack();
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(page.getByLabel('Rows per page')).toHaveValue('5');
  await expect(table.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
  await pager.getByRole('button', { name: 'Previous page' }).click();
  await expect(pager).toContainText(/Page 1 of/);

  // The same header again: oldest first. Then the score, highest first, across pages.
  await table.getByRole('button', { name: 'Date' }).click();
  await expect(table.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'ascending');
  await table.getByRole('button', { name: 'Score' }).click();
  await expect(table.getByRole('columnheader', { name: 'Score' })).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const values = (await table.locator('tbody td.data-numeric a').allTextContents()).map((v) =>
        Number(v.replace(/\D/g, '')),
      );
      return values.length === 5 && values.every((v, i) => i === 0 || values[i - 1] >= v);
    })
    .toBe(true);

  // Today's and this week's rankings hold Ana's games too; the tab is in the address.
  for (const [tab, period] of [
    ['Today', 'today'],
    ['This week', 'week'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]period=${period}(&|$)`));
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.ranking-mine')).toContainText(number.format(best));
    await expect(rows(table).first()).toBeVisible();
  }
  // The arrow keys move between the tabs.
  await page.getByRole('tab', { name: 'This week' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Today' })).toBeFocused();
  await expect(page).toHaveURL(/[?&]period=today(&|$)/);

  // From a small phone to a wide screen: the table and the statistics fit, nothing scrolls sideways, not
  // even the table inside its box.
  await page.goto('/rankings?period=today');
  await expect(page.getByRole('table')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  for (const width of [320, PHONE.width, 481, 768, 1024, 1920]) {
    await page.setViewportSize({ width, height: PHONE.height });
    await expect(stats).toBeVisible();
    await noSidewaysScroll(page);
    const box = page.locator('.data-table-box');
    const overflow = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, `the table scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await ana.context.close();
});

test('a player without a score is not told so before their best has been asked for', async ({ browser }) => {
  const ana = await newPlayer(browser, `rkwait${run}`, DESKTOP);
  // The player's own best is held back until the test lets it go.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await ana.page.route(/\/api\/scores\/\?.*playerId=/, async (route) => {
    await held;
    await route.continue();
  });
  await ana.page.goto('/rankings');
  const mine = ana.page.locator('.ranking-mine');
  await expect(mine).toHaveAttribute('aria-busy', 'true');
  await expect(mine).not.toContainText('You have no score yet.');
  release();
  await expect(mine).toContainText('You have no score yet.');
  await expect(mine).toHaveAttribute('aria-busy', 'false');
  await ana.context.close();
});
