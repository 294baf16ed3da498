import { expect, test } from './fixtures';
import { rollButton, watchTumbles } from './playScreen';

// The dice speed of Settings: 'off' shows each roll at once, with no tumbling die, even when the system
// does not ask for reduced motion; the choice is kept in the browser.

test.use({ reducedMotion: 'no-preference', viewport: { width: 1280, height: 800 } });

test('with the dice animation off a roll shows its dice at once', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('group', { name: 'Dice roll animation' }).getByRole('radio', { name: 'Off' }).check();
  await expect(page.getByText('The dice show the roll at once.')).toBeVisible();

  await page.goto('/');
  await expect(rollButton(page)).toBeVisible({ timeout: 20_000 });
  await watchTumbles(page);
  await rollButton(page).click();
  await expect(page.locator('.sheet-button').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { tumbled: boolean }).tumbled)).toBe(false);

  // Back on Settings the choice is still there.
  await page.goto('/settings');
  await expect(
    page.getByRole('group', { name: 'Dice roll animation' }).getByRole('radio', { name: 'Off' }),
  ).toBeChecked();
});
