import { expect, test } from './fixtures';
import { DESKTOP, noSidewaysScroll, open, PHONE } from './players';

// One share control everywhere (the navigation's Share, a finished game's, the daily result's): the
// browser's share sheet where it has one, else the text and its link copied with a toast saying so. The
// game's and the daily's are followed in play.spec and daily.spec; here the navigation's, both ways.

test.use({ reducedMotion: 'reduce' });

const COPIED = 'Copied to the clipboard: paste it wherever you want to share it.';

test('without a share sheet, Share in the navigation copies the invitation and says so', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP);
  await open(page, '/');
  // Chromium on Linux has no Web Share: the fallback is what a player meets here.
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await nav.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText(COPIED)).toBeVisible();
  const origin = new URL(page.url()).origin;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `Play Yamb, the Balkan five-dice game, with me!\n${origin}`,
  );
  expect(dialogs).toBe(0);

  // On a phone, from the menu, in Croatian: the toast fits the screen.
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'hr'));
  await open(page, '/');
  await page.getByRole('button', { name: 'Otvorite izbornik' }).click();
  await page.getByRole('button', { name: 'Podijelite' }).click();
  const toast = page.locator('.toast').filter({ hasText: 'Kopirano u međuspremnik' });
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  await noSidewaysScroll(page);
});

test('where the browser has a share sheet, Share opens it and copies nothing', async ({ page }) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.defineProperty(window, 'sharedData', { value: shared });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  await open(page, '/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Share' })
    .click();
  const origin = new URL(page.url()).origin;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData))
    .toEqual([{ title: 'Yamb', text: 'Play Yamb, the Balkan five-dice game, with me!', url: origin }]);
  await expect(page.getByText(COPIED)).toHaveCount(0);
});
