import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';

// Between turns the dice show no roll (issue 25, item 13): blank and dimmed on arrival and after a fill,
// read out as "no roll yet", never the ones of a new game nor the last turn's throw. Reduced motion: a roll
// lands at once.

test.use({ reducedMotion: 'reduce', viewport: { width: 360, height: 740 } });

const dice = (page: Page) => page.locator('.dice .die');
const labels = (page: Page) => dice(page).evaluateAll((all) => all.map((d) => d.getAttribute('aria-label')));
const BLANK = [1, 2, 3, 4, 5].map((n) => `Die ${n}: no roll yet`);

/** The pips each die shows. */
const pips = (page: Page) =>
  dice(page).evaluateAll((all) => all.map((d) => d.querySelectorAll('circle').length));

test('the dice are blank before the first roll and again after a fill, until the next roll', async ({
  page,
}) => {
  await page.goto('/');
  await expect(rollButton(page)).toBeVisible({ timeout: 20_000 });
  await expect(rollButton(page)).toHaveText(/0\/3/);
  await expect(dice(page)).toHaveCount(5);
  expect(await labels(page)).toEqual(BLANK);
  expect(await pips(page)).toEqual([0, 0, 0, 0, 0]);
  await expect(page.locator('.die--blank')).toHaveCount(5);
  // Dimmed, so a blank die does not pass for a thrown one.
  expect(
    Number(
      await dice(page)
        .first()
        .evaluate((d) => getComputedStyle(d).opacity),
    ),
  ).toBeLessThan(0.8);

  await roll(page);
  await expect(page.locator('.die--blank')).toHaveCount(0);
  const rolled = await labels(page);
  for (const [i, label] of rolled.entries()) expect(label).toMatch(new RegExp(`^Die ${i + 1}: [1-6]$`));
  for (const count of await pips(page)) expect(count).toBeGreaterThan(0);

  // A fill ends the turn: the tray asks for a roll and the dice no longer show the throw just written.
  await page.locator('.sheet-button[aria-label^="Write"]').first().click();
  await expect(rollButton(page)).toHaveText(/0\/3/);
  await expect(page.locator('.board-hint')).toHaveText('Roll the dice to start your turn.');
  await expect(page.locator('.die--blank')).toHaveCount(5);
  expect(await labels(page)).toEqual(BLANK);
  expect(await pips(page)).toEqual([0, 0, 0, 0, 0]);

  // In Croatian too.
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'hr'));
  await page.reload();
  await expect(dice(page).first()).toHaveAttribute('aria-label', 'Kockica 1: još nije bačena');
});
