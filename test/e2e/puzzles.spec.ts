import type { Locator, Page } from '@playwright/test';
import { advise, type Decision } from '../../game/advisor';
import { dailyPuzzleSeed, puzzleFromSeed } from '../../game/puzzles';
import { type Position, stateOf } from '../../game/replay';
import { expect, test } from './fixtures';
import { newPlayer, noSidewaysScroll, open, PHONE } from './players';

// Yamb puzzles (issue 30) through the real UI: the daily puzzle solved by one player and missed by another,
// each result kept after a reload; a streak of two ended by a miss; a storm with its clock run out by
// Playwright's clock. The right answer is worked out here in node, from the position the board shows, with
// the same advisor the browser's worker runs.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);
const board = (page: Page) => page.locator('.puzzle-board');

/** The position on the board, once a puzzle is there (making one takes the worker a moment). */
async function shownPosition(page: Page): Promise<Position> {
  await expect(board(page)).toBeVisible({ timeout: 30_000 });
  return JSON.parse((await board(page).getAttribute('data-position')) ?? 'null') as Position;
}

/** The advisor's decision, or (`right` false) the best one that is not it: a wrong answer. */
function decisionFor(position: Position, right: boolean): Decision {
  const advice = advise(stateOf(position));
  if (right) return advice;
  const others = advice.candidates.filter((c) => c.expected < advice.expected - 1e-9);
  return others.sort((a, b) => b.expected - a.expected)[0].decision;
}

/**
 * Makes `decision` on the board: a box by its button, a keep by holding the dice that stay and rolling —
 * by clicks, or (`keys`) from the keyboard: each die and box is a button that Enter presses.
 */
async function answer(page: Page, decision: Decision, keys = false) {
  const press = (target: Locator) => (keys ? target.press('Enter') : target.click());
  if (decision.kind !== 'ROLL') {
    const column = decision.kind === 'FILL' ? decision.column : 'ANNOUNCEMENT';
    await press(board(page).locator(`td[data-column="${column}"][data-box="${decision.box}"] button`));
    return;
  }
  const dice = board(page).locator('.dice .die');
  const count = await dice.count();
  for (let i = 0; i < count; i++) if (!decision.diceToRoll.includes(i)) await press(dice.nth(i));
  await press(page.getByRole('button', { name: 'Roll with these kept' }));
}

async function solve(page: Page, right: boolean, keys = false) {
  const position = await shownPosition(page);
  await answer(page, decisionFor(position, right), keys);
}

test('the daily puzzle: one player solves it, another misses it (in Croatian); each result stays after a reload', async ({
  browser,
}) => {
  const ana = await newPlayer(browser, `pzA${run}`);
  await open(ana.page, '/puzzles');
  await expect(ana.page.getByTestId('puzzle-daily-status')).toHaveText('Not answered yet today.');
  await expect(ana.page.getByText(/There is no leaderboard for puzzles/)).toBeVisible();
  await ana.page.getByRole('link', { name: "Solve today's puzzle" }).click();
  const daily = puzzleFromSeed(dailyPuzzleSeed(new Date().toISOString().slice(0, 10))).position;
  expect(await shownPosition(ana.page)).toEqual(daily);
  await solve(ana.page, true);
  const verdict = ana.page.getByTestId('puzzle-verdict');
  await expect(verdict).toContainText('Right: that is the best decision.');
  await expect(verdict).toContainText(/The advisor: .+/);
  await expect(verdict).toContainText(/In the advisor's evaluation .+ it scores/);
  await ana.page.reload();
  await expect(ana.page.getByTestId('puzzle-daily-result')).toContainText("You solved today's puzzle.");
  await open(ana.page, '/puzzles');
  await expect(ana.page.getByTestId('puzzle-daily-status')).toHaveText("You solved today's puzzle.");
  await expect(ana.page.getByTestId('puzzle-figures')).toContainText('Daily puzzles solved in a row1');

  const ben = await newPlayer(browser, `pzB${run}`, PHONE);
  const language = await ben.context.request.put(`/api/players/${ben.id}/preferences`, {
    data: { language: 'hr', theme: 'dark' },
  });
  expect(language.ok()).toBe(true);
  await ben.context.addInitScript(() => window.localStorage.setItem('i18nextLng', 'hr'));
  await open(ben.page, '/puzzles?mode=daily');
  // The same puzzle for everyone on the day, made from the day's seed in every browser (and here).
  expect(await shownPosition(ben.page)).toEqual(daily);
  await solve(ben.page, false);
  await expect(ben.page.getByTestId('puzzle-verdict')).toContainText('To nije najbolja odluka.');
  await expect(ben.page.getByTestId('puzzle-verdict')).toContainText(/Vaš izbor: .+/);
  await expect(ben.page.getByTestId('puzzle-verdict')).toContainText(/izgubljeno je \d+,\d bodova/);
  await noSidewaysScroll(ben.page);
  // At 360 px the tray, the verdict and the sheet stack, each within the screen's width.
  const [tray, said, sheet] = await Promise.all(
    ['.board-tray', '.puzzle-verdict', '.board-sheet'].map((s) => ben.page.locator(s).boundingBox()),
  );
  for (const box of [tray, said, sheet]) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(said!.y).toBeGreaterThanOrEqual(tray!.y + tray!.height);
  expect(sheet!.y).toBeGreaterThanOrEqual(said!.y + said!.height);
  await ben.page.reload();
  await expect(ben.page.getByTestId('puzzle-daily-result')).toContainText(
    'Niste riješili današnju zagonetku.',
  );
  await ana.context.close();
  await ben.context.close();
});

test('a streak: two solved, the third missed, and the run ends with a streak of 2', async ({ browser }) => {
  const cleo = await newPlayer(browser, `pzC${run}`);
  await open(cleo.page, '/puzzles');
  await cleo.page.getByRole('link', { name: 'Start a streak' }).click();
  for (const solved of [1, 2]) {
    // The first from the keyboard, the second with the mouse.
    await solve(cleo.page, true, solved === 1);
    await expect(cleo.page.getByTestId('puzzle-streak-count')).toHaveText(`Solved in a row: ${solved}`);
    await cleo.page.getByRole('button', { name: 'Next puzzle' }).click();
  }
  await solve(cleo.page, false);
  await expect(cleo.page.getByTestId('puzzle-streak-result')).toHaveText('Your streak: 2');
  await expect(cleo.page.getByTestId('puzzle-verdict')).toContainText('Not the best decision.');
  await expect(cleo.page.getByRole('button', { name: 'Next puzzle' })).toHaveCount(0);
  for (const width of [320, 1920]) {
    await cleo.page.setViewportSize({ width, height: 900 });
    await noSidewaysScroll(cleo.page);
    const sheet = await cleo.page.locator('.board-sheet').boundingBox();
    expect(sheet!.x + sheet!.width).toBeLessThanOrEqual(width);
  }
  await cleo.page.getByRole('link', { name: 'Back to puzzles' }).last().click();
  await expect(cleo.page.getByTestId('puzzle-figures')).toContainText('Best streak2');
  await cleo.context.close();
});

test('a storm: the clock runs from 3:00, one puzzle solved, and the run ends when time is up', async ({
  browser,
}) => {
  const dora = await newPlayer(browser, `pzD${run}`);
  await dora.page.clock.install();
  await open(dora.page, '/puzzles');
  await expect(dora.page.getByText(/A miss takes 10 seconds off the clock/)).toBeVisible();
  await dora.page.getByRole('link', { name: 'Start a storm' }).click();
  const clock = dora.page.getByRole('timer');
  await shownPosition(dora.page);
  await expect(clock).toHaveText(/^(3:00|2:5\d)$/);
  await solve(dora.page, true);
  await expect(dora.page.getByTestId('puzzle-storm-count')).toHaveText('Solved: 1');
  await expect(dora.page.getByText('Right!')).toBeVisible();
  await dora.page.clock.fastForward('03:00');
  await expect(dora.page.getByTestId('puzzle-storm-result')).toContainText('Time is up: 1 solved.');
  await expect(clock).toHaveText('0:00');
  await dora.page.getByRole('link', { name: 'Back to puzzles' }).last().click();
  await expect(dora.page.getByTestId('puzzle-figures')).toContainText('Best storm1');
  await dora.context.close();
});

test("a visitor who has not signed up plays today's puzzle; the result stays in the browser", async ({
  page,
}) => {
  await open(page, '/puzzles');
  await expect(
    page.getByText('As a guest, your results stay in this browser.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: "Solve today's puzzle" }).click();
  await solve(page, true);
  await expect(page.getByTestId('puzzle-verdict')).toContainText('Right: that is the best decision.');
  await page.reload();
  await expect(page.getByTestId('puzzle-daily-result')).toContainText("You solved today's puzzle.");
  expect(await page.evaluate(() => window.localStorage.getItem('puzzles'))).toContain('"solved":true');
});
