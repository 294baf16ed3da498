import { expect, test } from './fixtures';
import { open } from './players';

// Issue 25 item 7: toasts stay clear of what matters. On a wide screen they sit top-right, off the page's
// title; a sideways phone shows two at most, so they never cover most of its little height.

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('on a wide screen a toast leaves the page title uncovered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/settings');
  await page.getByRole('group', { name: 'Theme' }).getByLabel('Dark').check();
  const shown = page.locator('.toast').filter({ hasText: 'Theme set to' });
  await expect(shown).toBeVisible();
  // The title's words, not its heading box, which spans the whole column.
  const title = await page.getByRole('heading', { name: 'Settings', level: 1 }).evaluate((heading) => {
    const range = document.createRange();
    range.selectNodeContents(heading);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
  expect(overlaps((await shown.boundingBox())!, title)).toBe(false);
});

test('a sideways phone shows two toasts at most, the newest', async ({ page }) => {
  await page.setViewportSize({ width: 844, height: 390 });
  await open(page, '/settings');
  // Three choices, three toasts (each kind has its own).
  await page.getByRole('group', { name: 'Theme' }).getByLabel('Dark').check();
  await page.getByRole('group', { name: 'Dice roll animation' }).getByLabel('Fast').check();
  await page.getByLabel('Language').selectOption('hr');
  await expect(page.locator('.toast').filter({ hasText: 'Hrvatski' })).toBeVisible();
  await expect(page.locator('.toast')).toHaveCount(2);
  await expect(page.locator('.toast').filter({ hasText: 'Theme set to' })).toHaveCount(0);
});
