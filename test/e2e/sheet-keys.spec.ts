import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';

// The arrow keys in the sheet move the focus the way they point (issue 25, item 25). After a turn's first
// roll of a new game the Free and the Announcement columns offer every box, Downwards its Ones and Upwards
// its Yamb: enough to walk each direction. Reduced motion: a roll lands at once.

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

const box = (page: Page, column: string, row: string) =>
  page.locator(`td[data-column="${column}"][data-box="${row}"] .sheet-button`);

/** Where the focus is in the sheet: "column row" of the focused box, or what else has it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const cell = document.activeElement?.closest('td');
    return cell ? `${cell.dataset.column} ${cell.dataset.box}` : (document.activeElement?.tagName ?? '');
  });

test('the arrow keys move between the boxes in the direction pressed', async ({ page }) => {
  await page.goto('/');
  await expect(rollButton(page)).toBeVisible({ timeout: 20_000 });
  await roll(page);
  await expect(box(page, 'FREE', 'YAMB')).toBeVisible();

  const press = async (key: string, expected: string) => {
    await page.keyboard.press(key);
    expect(await focused(page), `${key} goes to ${expected}`).toBe(expected);
  };

  await box(page, 'DOWNWARDS', 'ONES').focus();
  // Nothing else is open in Downwards: Down goes a row down (the nearest column that has its box), not sideways.
  await press('ArrowDown', 'FREE TWOS');
  await press('ArrowUp', 'FREE ONES');
  await press('ArrowLeft', 'DOWNWARDS ONES');
  await press('ArrowRight', 'FREE ONES');
  // Down the Free column, one row at a time, without leaving it.
  const rows = [
    'TWOS',
    'THREES',
    'FOURS',
    'FIVES',
    'SIXES',
    'MAX',
    'MIN',
    'TRIPS',
    'STRAIGHT',
    'BOAT',
    'CARRIAGE',
  ];
  for (const row of rows) await press('ArrowDown', `FREE ${row}`);
  await press('ArrowDown', 'FREE YAMB');
  // Nothing further down: the focus stays.
  await press('ArrowDown', 'FREE YAMB');
  await press('ArrowRight', 'ANNOUNCEMENT YAMB');
  await press('ArrowRight', 'ANNOUNCEMENT YAMB');
  await press('ArrowUp', 'ANNOUNCEMENT CARRIAGE');
  await press('ArrowLeft', 'FREE CARRIAGE');
  await press('ArrowDown', 'FREE YAMB');
  await press('ArrowLeft', 'UPWARDS YAMB');
});

for (const size of [
  { width: 360, height: 740 },
  { width: 600, height: 960 },
  { width: 844, height: 390 },
]) {
  test(`at ${size.width}×${size.height} a box the arrows reach is never hidden under the stuck headings`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(rollButton(page)).toBeVisible({ timeout: 20_000 });
    await roll(page);
    await page.locator('.sheet-grand').evaluate((row) => row.scrollIntoView({ block: 'end' }));
    await box(page, 'FREE', 'YAMB').focus();
    // Up the Free column to its Ones: each box in turn comes out below the headings (and the tray above them).
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('ArrowUp');
      const { top, bottom, below } = await page.evaluate(() => {
        const focus = document.activeElement?.getBoundingClientRect();
        const heading = document.querySelector('th.sheet-col')?.getBoundingClientRect();
        return { top: focus?.top ?? 0, bottom: focus?.bottom ?? 0, below: heading?.bottom ?? 0 };
      });
      expect(top, `step ${step + 1}: the box starts below the headings`).toBeGreaterThanOrEqual(below - 1);
      expect(bottom, `step ${step + 1}: the box is in the window`).toBeLessThanOrEqual(size.height);
    }
    expect(await focused(page)).toBe('FREE ONES');
  });
}
