import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { noSidewaysScroll, open, PHONE } from './players';
import { cellOfButton, roll, rollButton } from './playScreen';

// Issue 28, games at the table: /table starts a practice game or pass and play (1-6 names, a rule set, the
// app's dice or real ones) and lists the games kept on this device (IndexedDB); /table/:id plays one. A
// whole three-player pass-and-play game is played at 360 px (a one-column custom rule set: 13 turns each),
// with the pass-the-device screen between turns, the sheets a tab away, the totals and the final ranking.
// Reduced motion: a roll lands at once.

test.use({ reducedMotion: 'reduce', viewport: PHONE });

const cellOf = (page: Page, column: string, box: string) =>
  page.locator(`td.sheet-cell[data-column="${column}"][data-box="${box}"]`);

/** The page never scrolls sideways, measured on the document itself. */
async function fits(page: Page) {
  await noSidewaysScroll(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
}

/** Rolls once and writes the first box the roll offers; the value written. */
async function rollAndFill(page: Page) {
  await roll(page);
  const button = page.locator('.sheet-button[aria-label^="Write"]').first();
  await expect(button).toBeEnabled();
  const { column, box } = await cellOfButton(button);
  const preview = (await button.textContent())?.trim() ?? '';
  await button.click();
  await expect(cellOf(page, column, box).locator('.sheet-value')).toHaveText(preview);
  return Number(preview);
}

const boardTitle = (page: Page) => page.locator('#board-title');

/** A finger moving `dx` pixels sideways over the sheets. */
async function swipe(page: Page, dx: number) {
  const panel = page.locator('.table-sheet-panel');
  const start = { pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: 180, clientY: 400 };
  await panel.dispatchEvent('pointerdown', start);
  await panel.dispatchEvent('pointerup', { ...start, clientX: 180 + dx, clientY: 410 });
}
const totals = (page: Page) => page.getByRole('list', { name: 'Totals' });
const totalOf = (page: Page, name: string) =>
  totals(page).getByRole('listitem').filter({ hasText: name }).locator('.table-total-points');

/** Starts a pass-and-play game of `names` with the app's dice and a custom rule set of the Free column only. */
async function startFreeOnly(page: Page, names: string[]) {
  await open(page, '/table');
  const form = page.getByRole('form', { name: 'Pass and play' });
  for (let i = 2; i < names.length; i++) await form.getByRole('button', { name: 'Add a player' }).click();
  for (const [i, name] of names.entries())
    await form.getByRole('textbox', { name: `Player ${i + 1}` }).fill(name);
  await form.getByRole('radio', { name: /^Custom/ }).check();
  for (const column of ['Downwards', 'Upwards', 'Announcement'])
    await form.getByRole('checkbox', { name: column }).uncheck();
  await expect(form.getByRole('radio', { name: 'App dice' })).toBeChecked();
  await form.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/table\/[0-9a-f-]{36}$/);
}

test('a three-player pass-and-play game with the app dice, played to the end at 360 px', async ({ page }) => {
  test.setTimeout(240_000);
  const names = ['Ana', 'Ben', 'Ivo'];
  await startFreeOnly(page, names);
  await expect(page.getByText('Practice — not ranked')).toBeVisible();
  await expect(boardTitle(page)).toHaveText('Ana’s turn');
  await expect(page.locator('th.sheet-col')).toHaveCount(1);
  await expect(page.getByRole('tab')).toHaveText(names);
  await expect(page.getByRole('tab', { name: 'Ana' })).toHaveAttribute('aria-selected', 'true');
  await expect(totals(page).getByRole('listitem')).toHaveCount(3);
  await fits(page);

  // Ana's first fill was a mistake: taken back, then written again.
  await roll(page);
  const first = page.locator('.sheet-button[aria-label^="Write"]').first();
  const { column, box } = await cellOfButton(first);
  await first.click();
  await expect(cellOf(page, column, box).locator('.sheet-value')).not.toBeEmpty();
  await page.getByRole('button', { name: 'Undo the fill' }).click();
  await expect(cellOf(page, column, box).locator('.sheet-button')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pass to Ben' })).toHaveCount(0);
  await expect(rollButton(page)).toBeEnabled();

  const sums = [0, 0, 0];
  for (let round = 0; round < 13; round++) {
    for (const [player, name] of names.entries()) {
      const last = round === 12 && player === 2;
      await expect(boardTitle(page)).toHaveText(`${name}’s turn`);
      if (round > 0 || player > 0) {
        // The turn starts with blank dice: nothing of the previous player's roll.
        await expect(page.locator('.dice .die').first()).toHaveAttribute('aria-label', /no roll yet/);
      }
      if (round === 0 && player === 0) {
        // Ana's sheet now has the one mistaken fill undone: she rolls anew (the undone roll stays hers).
        await page.locator('.sheet-button[aria-label^="Write"]').first().click();
      } else {
        await rollAndFill(page);
      }
      // The fill has landed once the sheet offers nothing more to write: its total is then this turn's.
      await expect(page.locator('.sheet-button')).toHaveCount(0);
      sums[player] = Number(await page.getByTestId('sheet-total').textContent());
      await expect(totalOf(page, name)).toHaveText(String(sums[player]));
      if (last) break;
      const next = names[(player + 1) % 3] ?? '';
      // The board shows the fill, read-only, with Undo and the pass button in reach at the bottom.
      await expect(
        page.getByText(`${name} has written. Check the sheet, then pass the device to ${next}.`),
      ).toBeVisible();
      await expect(rollButton(page)).toHaveCount(0);
      await expect(page.locator('.sheet-button')).toHaveCount(0);
      const passButton = page.getByRole('button', { name: `Pass to ${next}` });
      const bar = await passButton.boundingBox();
      expect(bar && bar.x + bar.width).toBeLessThanOrEqual(PHONE.width);
      if (round === 1 && player === 0) {
        // The others' sheets are a tab away, read-only; the totals stand above them.
        await page.getByRole('tab', { name: 'Ben' }).click();
        await expect(boardTitle(page)).toHaveText('Ben’s sheet');
        await expect(page.getByRole('tabpanel', { name: 'Ben' })).toBeVisible();
        await expect(page.getByTestId('sheet-total')).toHaveText(String(sums[1]));
        await expect(page.locator('.sheet-button')).toHaveCount(0);
        await page.getByRole('tab', { name: 'Ben' }).press('ArrowRight');
        await expect(page.getByRole('tab', { name: 'Ivo' })).toBeFocused();
        await expect(boardTitle(page)).toHaveText('Ivo’s sheet');
        await page.getByRole('tab', { name: 'Ana' }).click();
        await expect(boardTitle(page)).toHaveText('Ana’s turn');
        // A finger's swipe to the left shows the next sheet, to the right the previous one.
        await swipe(page, -120);
        await expect(boardTitle(page)).toHaveText('Ben’s sheet');
        await swipe(page, 120);
        await expect(boardTitle(page)).toHaveText('Ana’s turn');
        await fits(page);
      }
      await passButton.click();
      // The next player sees their name only: no dice, no sheet of the one who played.
      const curtain = page.getByTestId('pass-screen');
      await expect(curtain.getByRole('heading', { name: `Pass the device to ${next}` })).toBeVisible();
      await expect(page.locator('.dice')).toHaveCount(0);
      await expect(page.locator('.sheet-cell')).toHaveCount(0);
      await expect(curtain.getByRole('button', { name: `I’m ${next} — start my turn` })).toBeFocused();
      if (round === 0 && player === 0) await fits(page);
      await curtain.getByRole('button', { name: `I’m ${next} — start my turn` }).click();
    }
  }

  // The end: the ranking, places shared on ties, the totals, and what next; said to screen readers.
  const ranking = page.getByTestId('table-ranking');
  await expect(page.getByRole('heading', { name: 'Final ranking' })).toBeFocused();
  const order = [0, 1, 2].sort((a, b) => (sums[b] ?? 0) - (sums[a] ?? 0));
  const places = order.map((p) => 1 + order.filter((q) => (sums[q] ?? 0) > (sums[p] ?? 0)).length);
  await expect(ranking.getByRole('listitem')).toHaveText(
    order.map((p, i) => new RegExp(`^${places[i]}\\.${names[p]}${sums[p]} points?$`)),
  );
  const winners = order.filter((_, i) => places[i] === 1).map((p) => names[p]);
  await expect(page.getByRole('status').filter({ hasText: 'Game over' })).toHaveText(
    winners.length === 1
      ? `Game over. First place: ${winners[0]} (${sums[order[0] ?? 0]} points).`
      : /shared/,
  );
  await expect(page.getByRole('button', { name: 'Play again with the same players' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the table' })).toBeVisible();
  await fits(page);

  // Again with the same players: a new game, Ana first, nothing filled.
  await page.getByRole('button', { name: 'Play again with the same players' }).click();
  await expect(boardTitle(page)).toHaveText('Ana’s turn');
  await expect(totalOf(page, 'Ivo')).toHaveText('0');
});

test('a practice game is kept on this device: rolled, filled, reloaded and resumed where it was', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The menu has the table for everyone, a guest too.
  await open(page, '/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'At the table' })
    .click();
  await expect(page).toHaveURL(/\/table$/);
  await expect(page.getByRole('heading', { name: 'At the table', level: 1 })).toBeVisible();
  await expect(page.getByText('never ranked')).toBeVisible();
  await fits(page);
  await page.getByRole('button', { name: 'Start a practice game' }).click();
  await expect(page).toHaveURL(/\/table\/[0-9a-f-]{36}$/);
  const address = page.url();
  await expect(boardTitle(page)).toHaveText('Your sheet');
  await expect(page.getByRole('tablist')).toHaveCount(0);
  for (let turn = 0; turn < 3; turn++) await rollAndFill(page);
  // The hint is the play screen's: asked after a roll, it advises.
  await roll(page);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('.board-hint--advice')).toHaveText(/^(Keep|Roll all|Write|Announce) .+\.$/);
  const total = await page.getByTestId('sheet-total').textContent();
  const filled = await page.locator('.sheet-value').allTextContents();
  const rollLabel = await rollButton(page).textContent();

  await page.reload();
  await expect(boardTitle(page)).toHaveText('Your sheet', { timeout: 15_000 });
  expect(page.url()).toBe(address);
  await expect(page.getByTestId('sheet-total')).toHaveText(total ?? '');
  await expect(page.locator('.sheet-value')).toHaveText(filled);
  await expect(rollButton(page)).toHaveText(rollLabel ?? '');

  // The offline shell's link: the unfinished practice game, in place of the address.
  await open(page, '/table?start=practice');
  await expect(page).toHaveURL(address);
  await expect(page.getByTestId('sheet-total')).toHaveText(total ?? '');
  await page.goBack();
  await expect(page).not.toHaveURL(/start=practice/);
});

test('the saved games: resumed, deleted one by one after a question, cleared', async ({ page }) => {
  test.setTimeout(120_000);
  await startFreeOnly(page, ['Mara', 'Luka']);
  await rollAndFill(page);
  await open(page, '/table');
  await page.getByRole('button', { name: 'Start a practice game' }).click();
  await expect(boardTitle(page)).toHaveText('Your sheet');
  await open(page, '/table');

  const saved = page.getByTestId('table-saved-game');
  await expect(saved).toHaveCount(2);
  // The latest played first: what it is, who plays, the rule set, the totals, whose turn.
  await expect(saved.first().getByRole('heading')).toHaveText(/^Practice game: /);
  const pair = saved.filter({ hasText: 'Pass and play: Mara and Luka' });
  await expect(pair).toContainText('Rules: Custom');
  await expect(pair).toContainText('Luka’s turn');
  await expect(pair).toContainText('In progress');
  await fits(page);

  await pair.getByRole('link', { name: 'Resume' }).click();
  await expect(page.getByRole('button', { name: 'Pass to Luka' })).toBeVisible();
  await open(page, '/table');

  await pair.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'Delete this game?' });
  await expect(question).toContainText('Pass and play: Mara and Luka');
  await question.getByRole('button', { name: 'No' }).click();
  await expect(saved).toHaveCount(2);
  await pair.getByRole('button', { name: 'Delete' }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(saved).toHaveCount(1);

  await page.getByRole('button', { name: 'Clear all' }).click();
  await page
    .getByRole('dialog', { name: 'Delete every saved game?' })
    .getByRole('button', { name: 'Clear all' })
    .click();
  await expect(saved).toHaveCount(0);
  await expect(page.getByText('No games are saved on this device yet.')).toBeVisible();

  // A game no longer on this device says so.
  await page.goBack();
  await open(page, '/table/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText(/This device has no such game/);
  await page.getByRole('link', { name: 'Back to the table' }).click();
  await expect(page).toHaveURL(/\/table$/);
});

test('the table in Croatian: the form, its refusal, and the pass screen', async ({ page }) => {
  // A guest's language is kept in the browser (a registered player's on the server too).
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'hr'));
  await open(page, '/table');
  await expect(page.getByRole('heading', { name: 'Za stolom', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Igra u društvu' });
  await form.getByRole('textbox', { name: 'Igrač 1' }).fill('Ana');
  await form.getByRole('button', { name: 'Započnite' }).click();
  await expect(form.getByRole('alert')).toHaveText('Svaki igrač treba ime od 1 do 20 znakova');
  await expect(form.getByRole('textbox', { name: 'Igrač 2' })).toBeFocused();
  await form.getByRole('textbox', { name: 'Igrač 2' }).fill('Đuro');
  await form.getByRole('button', { name: 'Započnite' }).click();
  await expect(boardTitle(page)).toHaveText('Na potezu: Ana');
  await expect(page.getByText('Vježba — izvan poretka')).toBeVisible();
  await rollAndFillHr(page);
  await page.getByRole('button', { name: 'Predajte uređaj: Đuro' }).click();
  await expect(page.getByRole('heading', { name: 'Predajte uređaj: Đuro' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ja sam Đuro — počinjem svoj potez' })).toBeVisible();
  await fits(page);
});

/** rollAndFill on the Croatian board ("Bacite", "Upišite"). */
async function rollAndFillHr(page: Page) {
  const button = page.getByRole('button', { name: /^Bacite \d\/3$/ });
  const before = (await button.textContent()) ?? '';
  await button.click();
  await expect(button).not.toHaveText(before);
  const write = page.locator('.sheet-button[aria-label^="Upiš"]').first();
  await expect(write).toBeEnabled();
  await write.click();
}
