import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cellOfButton, roll, rollButton } from './playScreen';
import { noSidewaysScroll, open, PHONE } from './players';

// Issue 28: after a first visit the app opens with no network, from the service worker's precache (a cold
// reload), says it is offline and offers a practice game; the screens that need the server say so instead
// of spinning; back online it reconnects by itself.

// playwright.config.ts blocks service workers for every other spec. Reduced motion: a roll lands at once.
test.use({ serviceWorkers: 'allow', reducedMotion: 'reduce' });

const OFFLINE = 'You are offline. Practice games and the table work without a connection.';
const NEEDS_SERVER = 'You are offline: this needs the server.';

test('offline after a first visit: the app opens, says so, offers a practice game, and reconnects by itself', async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  await open(page, '/');
  await expect(rollButton(page)).toBeEnabled({ timeout: 15_000 });
  // The worker registers after the play screen is up, and precaches the app.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  await context.setOffline(true);
  await page.reload();
  // The shell, from the precache, with no player (the session waits for the network) and no spinner.
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 15_000 });
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText(OFFLINE);
  await expect(page.locator('.loading-screen')).toHaveCount(0);
  // The play screen offers a practice game in place of the server's game (the banner does elsewhere).
  const practice = page.getByTestId('offline-play').getByRole('link', { name: 'Play a practice game' });
  await expect(practice).toHaveAttribute('href', '/table?start=practice');
  await expect(banner.getByRole('link')).toHaveCount(0);
  // The banner and the offer fit a phone, the offer below the banner.
  const box = await practice.boundingBox();
  const bannerBox = await banner.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  expect(box && bannerBox && box.y >= bannerBox.y + bannerBox.height).toBe(true);
  await noSidewaysScroll(page);

  // A screen that needs the server says so (its chunk comes from the precache too).
  await page.goto('/rankings');
  await expect(page.getByText(NEEDS_SERVER).first()).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByTestId('offline-banner').getByRole('link', { name: 'Play a practice game' }),
  ).toHaveAttribute('href', '/table?start=practice');

  // Back online: the banner goes, the session starts and the lists load, without a reload.
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'no reload';
  });
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(page.getByText(NEEDS_SERVER)).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Play', exact: true }).click();
  await expect(rollButton(page)).toBeEnabled({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');
});

const cellOf = (page: Page, column: string, box: string) =>
  page.locator(`td.sheet-cell[data-column="${column}"][data-box="${box}"] .sheet-value`);

/** Rolls once and writes the first box the roll offers: where, and the value written. */
async function rollAndFill(page: Page) {
  await roll(page);
  const button = page.locator('.sheet-button[aria-label^="Write"]').first();
  await expect(button).toBeEnabled();
  const { column, box } = await cellOfButton(button);
  const value = (await button.textContent())?.trim() ?? '';
  await button.click();
  await expect(cellOf(page, column, box)).toHaveText(value);
  return { column, box, value };
}

test('offline, a practice game is played for several turns, survives a reload and resumes', async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  await open(page, '/');
  await expect(rollButton(page)).toBeEnabled({ timeout: 15_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('offline-play').getByRole('link', { name: 'Play a practice game' }).click();
  // The game is the browser's: rules from game/, dice from crypto.getRandomValues, kept in IndexedDB.
  await expect(page).toHaveURL(/\/table\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const address = page.url();
  await expect(page.getByText('Practice — not ranked')).toBeVisible();
  // The banner still says the app is offline, but offers no practice game in the middle of one.
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('offline-banner').getByRole('link')).toHaveCount(0);
  const written = [];
  for (let turn = 0; turn < 4; turn++) written.push(await rollAndFill(page));
  await noSidewaysScroll(page);

  // A cold reload, still offline: the same game, every fill where it was, and the next turn to play.
  await page.reload();
  await expect(page).toHaveURL(address);
  for (const { column, box, value } of written) await expect(cellOf(page, column, box)).toHaveText(value);
  await expect(rollButton(page)).toBeEnabled({ timeout: 15_000 });
  // The hint works offline: the advisor's Web Worker comes from the precache too.
  await roll(page);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await expect(page.locator('.board-hint--advice')).toHaveText(/^(Keep|Roll all|Write|Announce) .+\.$/);
  written.push(await rollAndFill(page));

  // The offline offer resumes the unfinished practice game rather than starting another.
  await page.goto('/');
  await page.getByTestId('offline-play').getByRole('link', { name: 'Play a practice game' }).click();
  await expect(page).toHaveURL(address, { timeout: 15_000 });
  for (const { column, box, value } of written) await expect(cellOf(page, column, box)).toHaveText(value);
});
