import { expect, test } from './fixtures';
import { rollButton } from './playScreen';
import { noSidewaysScroll, open, PHONE } from './players';

// Issue 28: after a first visit the app opens with no network, from the service worker's precache (a cold
// reload), says it is offline and offers a practice game; the screens that need the server say so instead
// of spinning; back online it reconnects by itself.

// playwright.config.ts blocks service workers for every other spec.
test.use({ serviceWorkers: 'allow' });

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
  const practice = banner.getByRole('link', { name: 'Play a practice game' });
  await expect(practice).toHaveAttribute('href', '/table?start=practice');
  // The banner and its link fit a phone.
  const box = await practice.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  await noSidewaysScroll(page);

  // A screen that needs the server says so (its chunk comes from the precache too).
  await page.goto('/rankings');
  await expect(page.getByText(NEEDS_SERVER).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('offline-banner')).toBeVisible();

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
