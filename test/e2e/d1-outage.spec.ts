import type { APIRequestContext, Page } from '@playwright/test';
import type { ClashResource } from '../../contract/clashes';
import type { GameResource } from '../../contract/games';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';
import { DESKTOP, newPlayer, open, PHONE } from './players';

// D1 down, players go on: a solo game played across a database outage (the development switch, POST
// /api/dev/outage), with a reload in the middle. The game lives in its room; only D1's lists, sign-in and
// new games wait.

test.use({ reducedMotion: 'reduce', viewport: DESKTOP });

const outage = async (request: APIRequestContext, d1: boolean) =>
  expect((await request.post('/api/dev/outage', { data: { d1 } })).status()).toBe(200);

const filledValues = (page: Page) => page.locator('td.sheet-cell .sheet-value');
const banner = (page: Page) => page.getByTestId('health-banner');

/** Rolls, then writes the first box that takes the roll; waits until the sheet shows it. */
async function playTurn(page: Page) {
  const before = await filledValues(page).count();
  await roll(page);
  const fill = page.locator('.sheet-button[aria-label^="Write"]').first();
  await expect(fill).toBeEnabled();
  await fill.click();
  await expect(filledValues(page)).toHaveCount(before + 1);
}

test.afterEach(async ({ request }) => {
  await outage(request, false);
});

test('a solo game goes on across a D1 outage with a reload in the middle, and keeps its moves once D1 is back', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(rollButton(page)).toBeVisible({ timeout: 20_000 });
  await playTurn(page);

  await outage(request, true);
  await playTurn(page);
  // A reload in the middle of the outage: the tab finds its player and game again, and says what is down.
  await page.reload();
  await expect(banner(page)).toContainText(
    'The database is unavailable: your game goes on; sign-in, lists, rankings and new games wait',
  );
  await expect(filledValues(page)).toHaveCount(2, { timeout: 20_000 });
  await expect(rollButton(page)).toBeEnabled();
  await playTurn(page);
  await playTurn(page);

  // The banner sits inside the page at a phone's width and at a desktop's, above the board.
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const box = await banner(page).boundingBox();
    const board = await rollButton(page).boundingBox();
    expect(box && board).toBeTruthy();
    if (!box || !board) continue;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(board.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  }

  // A list waits for D1: the banner says what is down, once; the list under it says only that it waits.
  await page.goto('/clashes');
  await expect(page.getByText('This waits until the database is back.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('The database is unavailable')).toHaveCount(1);
  await page.goto('/');
  await expect(filledValues(page)).toHaveCount(4, { timeout: 20_000 });

  // D1 is back: the banner goes at its next look (every 10 s while something is down), and the moves made
  // during the outage are in the game the server names as the player's current one.
  await outage(request, false);
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  await page.reload();
  await expect(filledValues(page)).toHaveCount(4, { timeout: 20_000 });
  await expect(banner(page)).toHaveCount(0);
  await playTurn(page);
});

test('a clash is played on by both players across a D1 outage, turn after turn, and the table is right once D1 is back', async ({
  browser,
  request,
}) => {
  const run = Date.now().toString(36).slice(-6);
  const ana = await newPlayer(browser, `oana${run}`);
  const ben = await newPlayer(browser, `oben${run}`);
  const created = await ana.context.request.post('/api/clashes/', {
    data: { ownerId: ana.id, playerIds: [ana.id, ben.id], type: 'LIVE', name: `Outage ${run}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clashId = ((await created.json()) as ClashResource).id;
  const accepted = await ben.context.request.put(`/api/clashes/${clashId}/accept`, {
    data: { playerId: ben.id },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await open(ana.page, `/clashes/${clashId}`);
  await open(ben.page, `/clashes/${clashId}`);
  await clashTurn(ana.page);
  // Ben's board is on screen before D1 goes (a board first read during the outage is found too: the clash
  // screen names the clash in its reads, test/worker/d1-outage.test.ts).
  await expect(rollButton(ben.page)).toBeEnabled({ timeout: 15_000 });

  await outage(request, true);
  // Each player's moves reach the clash's room, and the other sees them live.
  await clashTurn(ben.page);
  // A reload during the outage: Ben's sockets, the clash's and the board's, open again without D1, so he
  // watches Ana's dice land.
  await ben.page.reload();
  await expect(ben.page.locator('.board-live--open')).toBeVisible({ timeout: 15_000 });
  await clashTurn(ana.page, () =>
    expect(ben.page.getByRole('img', { name: /^Die 1: [1-6]/ })).toBeVisible({ timeout: 15_000 }),
  );
  await clashTurn(ben.page);

  await outage(request, false);
  const clash = (await (await ana.context.request.get(`/api/clashes/${clashId}`)).json()) as ClashResource;
  expect(clash.turn).toBe(0);
  const games = await Promise.all(
    clash.players.map(async (p, i) => {
      const reply = await (i === 0 ? ana : ben).context.request.get(`/api/games/${p.gameId}`);
      return (await reply.json()) as GameResource;
    }),
  );
  const filled = (game: GameResource) =>
    game.sheet.columns.flatMap((c) => c.boxes).filter((b) => b.value !== null).length;
  expect(games.map(filled)).toEqual([2, 2]);
  await ana.page.reload();
  await expect(ana.page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 15_000 });
  await ana.context.close();
  await ben.context.close();
});

/**
 * A whole clash turn in the browser: the player's turn comes, a roll (then `afterRoll`, what another page
 * sees of it), the first box offered filled.
 */
async function clashTurn(page: Page, afterRoll?: () => Promise<void>) {
  await expect(page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 15_000 });
  await expect(rollButton(page)).toBeEnabled({ timeout: 10_000 });
  await roll(page);
  await afterRoll?.();
  const fill = page.locator('.sheet-button[aria-label^="Write"]').first();
  await expect(fill).toBeVisible();
  await fill.click();
  await expect(page.locator('.clash-turn')).not.toHaveText('Your turn', { timeout: 15_000 });
}
