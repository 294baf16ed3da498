import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { noSidewaysScroll } from './players';
import { roll, rollButton } from './playScreen';

// The play screen's geometry (issue 25, items 10 and 18): with the sheet scrolled to its last rows the dice
// tray and the column headings stay in view at every size, and the sheet's grid sits in the middle of its
// card. Reduced motion: a roll lands at once.

test.use({ reducedMotion: 'reduce' });

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${selector} is on the page`).not.toBeNull();
  return box as Box;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openRolled(page: Page) {
  await page.goto('/');
  await expect(rollButton(page)).toBeVisible({ timeout: 20_000 });
  await roll(page);
}

for (const size of [
  { width: 844, height: 390 },
  { width: 600, height: 960 },
  { width: 360, height: 740 },
  { width: 1280, height: 640 },
  { width: 1024, height: 700 },
]) {
  test(`at ${size.width}×${size.height} the tray and the column headings stay in view over the last rows`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openRolled(page);
    // The last rows in view at the bottom of the window (the page scrolls for it): Yamb, the sums and the total.
    await page.locator('.sheet-grand').evaluate((row) => row.scrollIntoView({ block: 'end' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const tray = await boxOf(page, '.board-tray');
    const heading = await boxOf(page, 'th.sheet-col');
    const yamb = await boxOf(page, 'tr.sheet-row:has(td[data-box="YAMB"])');
    const total = await boxOf(page, '.sheet-grand');
    for (const [name, box] of Object.entries({ tray, heading, yamb, total })) {
      expect(box.y, `${name} is not above the window`).toBeGreaterThanOrEqual(-1);
      expect(box.y + box.height, `${name} is not below the window`).toBeLessThanOrEqual(size.height + 1);
    }
    expect(overlap(tray, heading), 'the headings are not under the tray').toBe(false);
    expect(overlap(tray, yamb), 'the Yamb row is not under the tray').toBe(false);
    expect(heading.y + heading.height, 'the headings are above the Yamb row').toBeLessThanOrEqual(yamb.y + 1);
    // What is on top at the headings' centre is a heading, not a row scrolling by nor the tray.
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('th.sheet-col, .board-tray, tr')?.className ?? '',
      [heading.x + heading.width / 2, heading.y + heading.height / 2],
    );
    expect(onTop).toContain('sheet-col');
    await noSidewaysScroll(page);
  });
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`at ${size.width} px the sheet's grid is centred in its card`, async ({ page }) => {
    await page.setViewportSize(size);
    await openRolled(page);
    const card = await boxOf(page, '.board-sheet');
    const grid = await boxOf(page, 'table.sheet');
    const left = grid.x - card.x;
    const right = card.x + card.width - (grid.x + grid.width);
    expect(left).toBeGreaterThan(0);
    expect(Math.abs(left - right), `left gap ${left}, right gap ${right}`).toBeLessThanOrEqual(1);
    // No rule down the grid's left edge that its right edge lacks: the corner cell has no left border.
    const corner = await page
      .locator('.sheet-corner')
      .evaluate((cell) => getComputedStyle(cell).borderLeftWidth);
    expect(corner).toBe('0px');
  });
}
