import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';

// The Hint of a solo game through the real UI: a new visitor rolls, asks, sees the advice (its words, the
// dice to keep, the box) and follows it. The advisor is fetched on the first hint, not with the page.
// Reduced motion: no tumbling dice, so a roll lands at once. That a clash or a watcher gets no Hint is
// covered by test/unit/hint.test.ts.

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

const hintButton = (page: Page, name = 'Hint') => page.getByRole('button', { name, exact: true });
const advice = (page: Page) => page.locator('.board-hint--advice');
const advisedCell = (page: Page) => page.locator('td.sheet-cell--advised');
const advisedDice = (page: Page) => page.locator('.die--advised');

async function openPlay(page: Page) {
  await page.goto('/');
  await expect(rollButton(page)).toBeVisible({ timeout: 20_000 });
}

/** The die values on screen, in index order. */
const diceValues = (page: Page) =>
  page
    .locator('.dice .die')
    .evaluateAll((dice) => dice.map((d) => /: (\d)/.exec(d.getAttribute('aria-label') ?? '')?.[1] ?? '?'));

test('a solo player asks for a hint, sees it on the dice and the sheet, and follows it', async ({ page }) => {
  const advisorRequests: string[] = [];
  page.on('request', (request) => {
    if (/advisor/.test(request.url())) advisorRequests.push(request.url());
  });
  await openPlay(page);
  await expect(hintButton(page)).toHaveAttribute('aria-keyshortcuts', 'H');
  await roll(page);
  expect(advisorRequests, 'the advisor is not part of the first load').toEqual([]);

  await hintButton(page).click();
  await expect(advice(page)).toHaveText(/^(Keep|Roll all|Write|Announce) .+\.$/);
  expect(advisorRequests.length, 'the advisor comes on the first hint').toBeGreaterThan(0);
  // The advice is said in the polite live region beside the roll button.
  await expect(advice(page)).toHaveAttribute('aria-live', 'polite');
  const text = (await advice(page).textContent()) ?? '';

  if (/^Write (\d+) in /.test(text)) {
    // Fill now: the box is ringed and its button writes the score the hint names.
    const score = /^Write (\d+)/.exec(text)?.[1] ?? '';
    await expect(advisedCell(page)).toHaveCount(1);
    await expect(advisedCell(page)).toContainText("the hint's box");
    await advisedCell(page).locator('.sheet-button').click();
    await expect(advisedCell(page)).toHaveCount(0);
    await expect(page.locator('td.sheet-cell--latest .sheet-value')).toHaveText(score);
  } else if (text.startsWith('Announce')) {
    await expect(advisedCell(page)).toHaveAttribute('data-column', 'ANNOUNCEMENT');
    const box = await advisedCell(page).getAttribute('data-box');
    await advisedCell(page).locator('.sheet-button').click();
    await expect(page.locator(`td.sheet-cell--announced[data-box="${box}"]`)).toHaveCount(1);
  } else {
    // Roll again: the dice to keep are ringed and already held, so the next roll keeps them.
    const kept = await advisedDice(page).count();
    for (let i = 0; i < kept; i++)
      await expect(advisedDice(page).nth(i)).toHaveAttribute('aria-pressed', 'true');
    const pressed = page.locator('.dice .die[aria-pressed="true"]');
    await expect(pressed).toHaveCount(kept);
    const before = await diceValues(page);
    const keptAt = await page
      .locator('.dice .die')
      .evaluateAll((dice) => dice.flatMap((d, i) => (d.classList.contains('die--advised') ? [i] : [])));
    await roll(page);
    const after = await diceValues(page);
    for (const i of keptAt) expect(after[i], `die ${i + 1} was kept`).toBe(before[i]);
  }
  // The hint clears on the next move.
  await expect(advice(page)).toHaveCount(0);
  await expect(advisedDice(page)).toHaveCount(0);
  await expect(advisedCell(page)).toHaveCount(0);
});

test('after the last roll the key H advises a box, and its button writes the score it names', async ({
  page,
}) => {
  await openPlay(page);
  // Every die free, so each roll throws all five; the turn's third roll leaves only a fill.
  for (const count of ['1/3', '2/3', '3/3']) {
    // SPEC section 9's roll lock: a click right after a roll is not taken.
    await expect(rollButton(page)).not.toHaveAttribute('aria-disabled', 'true');
    await roll(page);
    await expect(rollButton(page)).toHaveText(new RegExp(count));
  }
  await expect(rollButton(page)).toBeDisabled();
  await page.keyboard.press('h');
  await expect(advice(page)).toHaveText(/^Write \d+ in .+ · .+\.$/);
  const score = /^Write (\d+)/.exec((await advice(page).textContent()) ?? '')?.[1] ?? '';
  const button = advisedCell(page).locator('.sheet-button');
  await expect(button).toHaveText(score);
  await button.click();
  await expect(page.locator('td.sheet-cell--latest .sheet-value')).toHaveText(score);
  await expect(advice(page)).toHaveCount(0);
  await expect(rollButton(page)).toHaveText(/0\/3/);
  // The keys line under the tray names the hint's key.
  await expect(page.locator('.board-keys')).toHaveText('Keys: 1–5 hold a die, R rolls, H gives a hint.');
});

test('in Croatian the button is "Savjet" and the advice is written in Croatian', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'hr'));
  await page.goto('/');
  await hintButton(page, 'Savjet').click();
  await expect(advice(page)).toHaveText('Bacite svih pet kockica.');
});
