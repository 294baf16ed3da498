import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { noSidewaysScroll, open, PHONE } from './players';

// Issue 28, the score sheet for real dice: the players of a pass-and-play game roll real dice and enter the
// faces (tapped or typed); the sheet shows where they may write, every score, sum and total; "Undo last entry"
// takes a mistaken entry back.

test.use({ reducedMotion: 'reduce' });

const cellOf = (page: Page, column: string, box: string) =>
  page.locator(`td.sheet-cell[data-column="${column}"][data-box="${box}"]`);
const sumOf = (page: Page, sum: string, column: number) =>
  page.locator(`tr.sheet-sum--${sum} td.sheet-sum-value`).nth(column);
const entry = (page: Page) => page.getByRole('form', { name: 'The faces you rolled' });
const enterButton = (page: Page, roll: number) => page.getByRole('button', { name: `Enter roll ${roll}` });
const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo last entry' });
const dieButtons = (page: Page) => entry(page).locator('.real-die');

/** Starts a real-dice pass-and-play game from the hub (/table) with these players, in CLASSIC rules. */
async function startRealDiceGame(page: Page, names: string[]) {
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  await open(page, '/table');
  const form = page.getByRole('form', { name: 'Pass and play' });
  await expect(form.getByLabel('Player 1', { exact: true })).toBeVisible();
  for (const [index, name] of names.entries()) {
    const field = form.getByLabel(`Player ${index + 1}`, { exact: true });
    if ((await field.count()) === 0) await form.getByRole('button', { name: 'Add a player' }).click();
    await field.fill(name);
  }
  await form.getByRole('radio', { name: /^Real dice/ }).check();
  await form.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page).toHaveURL(/\/table\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: `${names[0]}’s turn` })).toBeVisible();
}

/** Taps the faces on the face picker, one per die in order. */
async function tapFaces(page: Page, faces: string) {
  for (const face of faces)
    await entry(page)
      .getByRole('button', { name: `Face ${face}` })
      .click();
}

async function expectFaces(page: Page, faces: string) {
  const labels = [...faces].map((face, i) =>
    face === '0' ? `Die ${i + 1}: not entered yet` : `Die ${i + 1}: ${face}`,
  );
  for (const [i, label] of labels.entries())
    await expect(dieButtons(page).nth(i)).toHaveAccessibleName(label);
}

test('real dice at 360 px: faces tapped and typed, YAMB written and summed, a mistaken roll and a wrong box undone, a box that may not be written refused', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await startRealDiceGame(page, ['Ana', 'Ben']);

  // The entry: five blank dice, at least 44 px each, inside the screen; nothing to enter or undo yet.
  await expect(dieButtons(page)).toHaveCount(5);
  await expectFaces(page, '00000');
  await expect(enterButton(page, 1)).toBeDisabled();
  await expect(undoButton(page)).toBeDisabled();
  await expect(entry(page)).toContainText('Tap or type the faces of all 5 dice you rolled.');
  const buttons = entry(page).locator('.real-die, .real-face, .button, input');
  for (const button of await buttons.all()) {
    const box = await button.boundingBox();
    expect(box, 'an entry control is drawn').not.toBeNull();
    if (!box) continue;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  for (const die of await entry(page).locator('.real-die, .real-face').all()) {
    expect((await die.boundingBox())?.width).toBeGreaterThanOrEqual(44);
  }
  await noSidewaysScroll(page);
  // Before a roll no box can be written.
  await expect(page.locator('.sheet-button')).toHaveCount(0);

  // A mistaken entry, typed on the keyboard's digits (6 6 6 6 5), entered, then undone.
  await dieButtons(page).first().focus();
  await page.keyboard.type('66665');
  await expectFaces(page, '66665');
  await enterButton(page, 1).click();
  await expect(enterButton(page, 2)).toBeVisible();
  await expect(cellOf(page, 'FREE', 'FIVES').locator('.sheet-preview')).toHaveText('5');
  await undoButton(page).click();
  await expect(enterButton(page, 1)).toBeDisabled();
  await expectFaces(page, '00000');
  await expect(page.locator('.sheet-button')).toHaveCount(0);
  await expect(undoButton(page)).toBeDisabled();

  // The right faces, tapped on the face picker: five sixes.
  await tapFaces(page, '66666');
  await expectFaces(page, '66666');
  await expect(entry(page).getByRole('textbox', { name: /Type the faces/ })).toHaveValue('66666');
  await enterButton(page, 1).click();
  await expect(enterButton(page, 2)).toBeEnabled();
  // The next roll starts from these faces: only a rethrown die needs tapping.
  await expectFaces(page, '66666');

  // Where they may write: the Down column only from its top, so YAMB there is refused (no button); Free
  // takes YAMB for 6 × 5 + 50.
  await expect(cellOf(page, 'DOWNWARDS', 'YAMB')).toHaveCount(1);
  await expect(cellOf(page, 'DOWNWARDS', 'YAMB').locator('button')).toHaveCount(0);
  await expect(cellOf(page, 'UPWARDS', 'ONES').locator('button')).toHaveCount(0);
  await expect(cellOf(page, 'DOWNWARDS', 'ONES').getByRole('button')).toHaveAccessibleName(
    'Write 0 in Ones, Downwards',
  );
  const freeYamb = cellOf(page, 'FREE', 'YAMB').getByRole('button');
  await expect(freeYamb).toHaveAccessibleName('Write 80 in Yamb, Free');

  // A wrong box: Sixes in Free (30)... taken back with "Undo last entry", though the device was to be passed.
  await cellOf(page, 'FREE', 'SIXES').getByRole('button').click();
  await expect(cellOf(page, 'FREE', 'SIXES')).toHaveText('30');
  await expect(page.getByTestId('sheet-total')).toHaveText('30');
  await expect(entry(page)).toContainText('Pass the device to the next player first');
  await expect(enterButton(page, 1)).toBeDisabled();
  await undoButton(page).click();
  await expect(cellOf(page, 'FREE', 'SIXES').locator('.sheet-preview')).toHaveText('30');
  await expect(page.getByTestId('sheet-total')).toHaveText('0');

  // ...and the right one: YAMB in Free, its score, the column's sums and the total.
  await freeYamb.click();
  const free = 2; // Down, Up, Free, Announcement
  await expect(cellOf(page, 'FREE', 'YAMB')).toHaveText('80');
  await expect(sumOf(page, 'bottom', free)).toHaveText('80');
  await expect(sumOf(page, 'total', free)).toHaveText('80');
  await expect(page.getByTestId('sheet-total')).toHaveText('80');
  await expect(page.getByRole('list', { name: 'Totals' })).toContainText('Ana80');

  // Ben's turn: blank dice again; faces typed in the field and entered with Enter.
  await page.getByRole('button', { name: 'Pass to Ben' }).click();
  await page.getByRole('button', { name: /start my turn/ }).click();
  await expect(page.getByRole('heading', { name: 'Ben’s turn' })).toBeVisible();
  await expectFaces(page, '00000');
  const typed = entry(page).getByRole('textbox', { name: /Type the faces/ });
  await typed.fill('1 2 3 4 5 9');
  await expect(typed).toHaveValue('12345');
  await typed.press('Enter');
  await expect(enterButton(page, 2)).toBeVisible();
  await expect(cellOf(page, 'FREE', 'STRAIGHT').locator('.sheet-preview')).toHaveText('35');

  // Rolls 2 and 3 with one die rethrown each time; then the rules refuse a fourth, and say why.
  await dieButtons(page).nth(4).click();
  await tapFaces(page, '6');
  await expectFaces(page, '12346');
  await enterButton(page, 2).click();
  await expect(enterButton(page, 3)).toBeEnabled();
  await enterButton(page, 3).click();
  await expect(entry(page)).toContainText('No rolls left this turn');
  await expect(enterButton(page, 3)).toBeDisabled();
  await expect(entry(page).getByRole('button', { name: 'Face 1' })).toBeDisabled();
  await noSidewaysScroll(page);
});

for (const viewport of [
  { width: 320, height: 640 },
  { width: 844, height: 390 },
]) {
  test(`the real-dice entry at ${viewport.width}×${viewport.height}: every button at least 44 px, all in view, no sideways scroll`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await startRealDiceGame(page, ['Ana', 'Ben']);
    await tapFaces(page, '35526');
    await enterButton(page, 1).click();
    await expect(enterButton(page, 2)).toBeEnabled();
    const panel = await entry(page).boundingBox();
    expect(panel).not.toBeNull();
    if (!panel) return;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(viewport.width);
    // The whole entry fits the window's height: stuck in view, all of it is reachable.
    expect(panel.height).toBeLessThanOrEqual(viewport.height);
    for (const control of await entry(page).locator('.real-die, .real-face, .button, input').all()) {
      const box = await control.boundingBox();
      if (!box) continue;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
    }
    await noSidewaysScroll(page);
  });
}
