import type { Page } from '@playwright/test';
import type { DailyResource } from '../../contract/daily';
import type { GameResource } from '../../contract/games';
import { emptyBoxes, KEPT, playTurn } from './finishedGames';
import { forgetRankableGames, rankable } from './d1';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';
import { newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// Daily Yamb in the browser: Ana starts today's game from /daily and plays a turn; /daily then offers
// Continue and never a second start (the server answers 409); Ben, in a browser of his own, makes the same
// choice (roll all five) and meets the same dice; a guest is offered to sign up; Ana's game is brought to
// its last box through its own links and finished in the browser, whose result shows the share text; her
// new account is not ranked (the page says why) until it is a week old, verified, with games completed.

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);

let ana: Player;
let ben: Player;
/** The faces of Ana's first roll of the day, as her screen showed them. */
let anaFirstRoll: string[] = [];
let anaGameId = 0;

/** The five dice as the screen labels them ("Die 1: 4", ...). */
const diceOnScreen = (page: Page) =>
  page.locator('.dice .die').evaluateAll((dice) => dice.map((die) => die.getAttribute('aria-label') ?? ''));

const playButton = (page: Page) => page.getByRole('button', { name: 'Play today’s Yamb' });

/** Starts today's game from /daily in the browser; lands on the daily board. */
async function startFromDailyPage(player: Player): Promise<number> {
  await open(player.page, '/daily');
  await expect(playButton(player.page)).toBeVisible();
  await playButton(player.page).click();
  await expect(player.page).toHaveURL(/\/games\/\d+$/);
  await expect(player.page.locator('#board-title')).toHaveText(/^Daily Yamb · /);
  return Number(player.page.url().split('/').pop());
}

test.beforeAll(async ({ browser }) => {
  ana = await newPlayer(browser, `dana${run}`);
  ben = await newPlayer(browser, `dben${run}`, PHONE);
});

test.afterAll(async () => {
  await ana?.context.close();
  await ben?.context.close();
  forgetRankableGames();
});

test('a registered player starts the daily game from /daily and plays a turn on a board without undo or hint', async () => {
  const { page } = ana;
  await open(page, '/daily');
  // The nav's dot says today's game waits; the bell has told her once.
  await expect(page.getByTestId('nav-dot')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Yamb' })).toBeVisible();
  await expect(page.getByTestId('daily-streak')).toHaveText(/No streak yet/);

  anaGameId = await startFromDailyPage(ana);
  await expect(page.getByTestId('nav-dot')).toHaveCount(0);
  await expect(rollButton(page)).toBeEnabled({ timeout: 10_000 });
  await roll(page);
  anaFirstRoll = await diceOnScreen(page);
  expect(anaFirstRoll).toHaveLength(5);
  // No way back and no advice in the daily game.
  for (const name of ['Undo', 'Restart', 'Hint']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await page.locator('td[data-column="DOWNWARDS"][data-box="ONES"] .sheet-button').click();
  await expect(page.locator('td[data-column="DOWNWARDS"][data-box="ONES"] .sheet-button')).toHaveCount(0);
});

test('reloading /daily offers Continue and no second start, which the server refuses with 409', async () => {
  const { page } = ana;
  await open(page, '/daily');
  const resume = page.getByRole('link', { name: 'Continue' });
  await expect(resume).toBeVisible();
  await expect(resume).toHaveAttribute('href', `/games/${anaGameId}`);
  await expect(playButton(page)).toHaveCount(0);

  const today = (await (await page.request.get('/api/daily')).json()) as DailyResource;
  expect(today._links.start).toBeUndefined();
  const again = await page.request.post('/api/daily/games');
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { key: string }).key).toBe('daily-already-played');

  await resume.click();
  await expect(page).toHaveURL(new RegExp(`/games/${anaGameId}$`));
  await expect(page.locator('td[data-column="DOWNWARDS"][data-box="ONES"]')).not.toHaveText('');
});

test('a second player making the same choice (roll all five) meets the same dice', async () => {
  const { page } = ben;
  await startFromDailyPage(ben);
  await noSidewaysScroll(page);
  await expect(rollButton(page)).toBeEnabled({ timeout: 10_000 });
  await roll(page);
  expect(await diceOnScreen(page)).toEqual(anaFirstRoll);
});

test('a guest is offered to sign up instead of a game', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, '/daily');
  await expect(page.getByRole('heading', { name: 'Sign up to play the Daily Yamb' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' }).last()).toHaveAttribute('href', '/register');
  await expect(playButton(page)).toHaveCount(0);
  await expect(page.getByTestId('nav-dot')).toHaveCount(0);
  await noSidewaysScroll(page);
  const refused = await page.request.post('/api/daily/games');
  expect(refused.status()).toBe(403);
});

test('the last fill in the browser shows the result with a share text of the score and the sheet’s shape', async () => {
  // Some 100 requests play the game to its last box before the page opens: 18 s of the default 30 on a busy
  // machine (with four workers it ran out once).
  test.setTimeout(90_000);
  const { page, context } = ana;
  for (let turns = 0; turns < 60; turns++) {
    const game = (await (await page.request.get(`/api/games/${anaGameId}`)).json()) as GameResource;
    if (emptyBoxes(game) <= 1) break;
    await playTurn(page.request, anaGameId, KEPT);
  }
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, `/games/${anaGameId}`);
  await expect(rollButton(page)).toBeEnabled({ timeout: 10_000 });
  await roll(page);
  await page.locator(`td[data-column="${KEPT.column}"][data-box="${KEPT.box}"] .sheet-button`).click();

  const result = page.getByTestId('daily-result');
  await expect(result).toBeVisible({ timeout: 10_000 });
  const game = (await (await page.request.get(`/api/games/${anaGameId}`)).json()) as GameResource;
  expect(game.status).toBe('COMPLETED');
  const day = game.createdAt.slice(0, 10);
  const text = (await page.getByTestId('daily-share-text').textContent()) ?? '';
  const lines = text.split('\n');
  expect(lines[0]).toBe(`Daily Yamb ${day} · ${game.totalSum}`);
  expect(lines.at(-1)).toMatch(/\/daily$/);
  const grid = lines.slice(1, -1);
  expect(grid).toHaveLength(13);
  for (const line of grid) expect([...line]).toHaveLength(4);
  // The squares tell nothing of the dice: no digit in the grid.
  expect(grid.join('')).not.toMatch(/\d/);

  // The one Share control: no share sheet in Chromium here, so the whole text is copied and a toast says so.
  await result.getByRole('button', { name: 'Share' }).click();
  await expect(
    page.getByText('Copied to the clipboard: paste it wherever you want to share it.'),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

  // /daily shows the result too, and why a new account's score is not in today's ranking.
  await open(page, '/daily');
  await expect(page.getByTestId('daily-result')).toBeVisible();
  await expect(page.getByTestId('daily-streak')).toHaveText('🔥 1-day streak');
  await expect(page.getByTestId('daily-unranked')).toContainText('once your account is 7 days old');
  await expect(page.locator('.daily-ranking').first()).not.toContainText(ana.name);
  // Once the account is a week old, verified, with games completed, Ana is in today's ranking so far.
  rankable(ana);
  await open(page, '/daily');
  await expect(page.getByTestId('daily-result')).toBeVisible();
  await expect(page.getByTestId('daily-unranked')).toHaveCount(0);
  await expect(page.locator('.daily-ranking').first()).toContainText(ana.name);
  await noSidewaysScroll(page);

  // The rankings' Daily tab: today so far, then yesterday's final ranking.
  await open(page, '/rankings');
  await page.getByRole('tab', { name: 'Daily' }).click();
  await expect(page).toHaveURL(/period=daily/);
  await expect(page.getByRole('button', { name: 'Today', pressed: true })).toBeVisible();
  await expect(page.locator('.rankings-main')).toContainText(ana.name);
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await expect(page.getByText(/, final$/)).toBeVisible();
  await expect(page.locator('.rankings-main')).not.toContainText(ana.name);
});
