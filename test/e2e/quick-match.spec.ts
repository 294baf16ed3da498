import type { Browser, Page, WebSocket } from '@playwright/test';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';
import { DESKTOP, newPlayer as registeredPlayer, open, PHONE, type Player } from './players';

// Quick match in the browser: Ana presses "Play someone now" on the play screen and waits on the queue's
// socket; Ben presses it on the clashes screen; both land on the same started clash within seconds, each
// told whom they met and that player's rating, and Ana's turn passes to Ben. A player who cancels, or leaves
// the page, closes the socket and so leaves the queue: the next one waits instead of meeting them. After
// 20 s alone the practice bot is offered. A guest is sent to sign up. The queue is one object for the whole
// server: every test leaves it empty.

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);

const players: Player[] = [];

/** A new registered player in a browser of their own, remembered so that afterAll can take them out of the queue. */
async function newPlayer(browser: Browser, name: string, viewport = DESKTOP): Promise<Player> {
  const player = await registeredPlayer(browser, name, viewport);
  players.push(player);
  return player;
}

const playNow = (page: Page) => page.getByRole('button', { name: 'Play someone now' });
const panel = (page: Page) => page.getByRole('region', { name: 'Quick match' });

/**
 * Presses "Play someone now"; the queue's first word: WAITING, or MATCHED when it met someone. Read from
 * whichever queue socket says it (one that the tab reopened under load too), past the heartbeat's "pong".
 */
async function startWaiting(page: Page): Promise<string> {
  const firstWord = new Promise<string>((resolve) => {
    const onSocket = (ws: WebSocket) => {
      // The queue's socket, whatever preset it asks for (`?preset=`).
      if (new URL(ws.url()).pathname !== '/api/ws/quick-match') return;
      ws.on('framereceived', (frame) => {
        const text = String(frame.payload);
        if (text === 'pong') return;
        page.off('websocket', onSocket);
        resolve((JSON.parse(text) as { type: string }).type);
      });
    };
    page.on('websocket', onSocket);
  });
  await playNow(page).click();
  const status = await firstWord;
  await expect(panel(page).getByRole('status')).toHaveText('Looking for an opponent…');
  await expect(panel(page)).toContainText(/0:0\d/);
  return status;
}

/** Waiting, by the queue's own answer: nobody was there to meet, so the page stays where it is. */
async function waitsAlone(page: Page) {
  const at = page.url();
  expect(await startWaiting(page), 'the join met nobody').toBe('WAITING');
  await expect(panel(page).getByRole('status')).toHaveText('Looking for an opponent…');
  expect(page.url()).toBe(at);
}

test.afterAll(async () => {
  // Nobody is left in the one queue for the next spec file.
  for (const player of players) {
    await player.context.request.delete('/api/quick-match').catch(() => undefined);
    await player.context.close();
  }
});

test('a guest is sent to sign up, and told why', async ({ page }) => {
  await open(page, '/');
  await expect(rollButton(page)).toBeVisible({ timeout: 15_000 });
  const offer = page.getByRole('link', { name: 'Play someone now' });
  await expect(offer).toHaveAttribute('href', '/register');
  await expect(page.getByText(/Quick matches count towards your rating/)).toBeVisible();
  await offer.click();
  await expect(page).toHaveURL(/\/register$/);
});

test('two players meet in a started clash and play a turn', async ({ browser }) => {
  const ana = await newPlayer(browser, `qmana${run}`);
  const ben = await newPlayer(browser, `qmben${run}`, PHONE);
  await open(ana.page, '/');
  await open(ben.page, '/clashes');
  await expect(rollButton(ana.page)).toBeVisible({ timeout: 15_000 });

  await startWaiting(ana.page);
  // The search goes on while Ana moves about the app.
  await ana.page.getByRole('link', { name: 'Rankings' }).first().click();
  await expect(panel(ana.page).getByRole('status')).toHaveText('Looking for an opponent…');

  await playNow(ben.page).click();
  const clashPage = /\/clashes\/(\d+)$/;
  await expect(ana.page).toHaveURL(clashPage, { timeout: 5_000 });
  await expect(ben.page).toHaveURL(clashPage, { timeout: 5_000 });
  expect(ana.page.url()).toBe(ben.page.url());

  // Whom they met, with the rating (a newcomer's is provisional).
  for (const [page, other] of [
    [ana.page, ben],
    [ben.page, ana],
  ] as const) {
    const met = panel(page).getByRole('status');
    await expect(met).toContainText(`Opponent found: ${other.name}`);
    await expect(met.locator('.rating-badge')).toContainText(/^\d+\??/);
  }

  // A started clash with its clock: Ana, who waited, plays first; her turn passes to Ben.
  await expect(ana.page.locator('.turn-clock')).toBeVisible();
  await expect(ana.page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 15_000 });
  await expect(ben.page.locator('.clash-turn')).toHaveText(`${ana.name}'s turn`);
  await expect(rollButton(ana.page)).toBeEnabled({ timeout: 10_000 });
  await roll(ana.page);
  await ana.page.locator('.sheet-button[aria-label^="Write"]').first().click();
  await expect(ben.page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 10_000 });
  await expect(ana.page.locator('.clash-turn')).toHaveText(`${ben.name}'s turn`, { timeout: 10_000 });
  // The panel said whom they met, and the clash page shows the match: no notification toast repeats it
  // over the board while the clock runs.
  for (const page of [ana.page, ben.page]) await expect(page.locator('.notification-toast')).toHaveCount(0);
});

test('a player who cancels or leaves the page leaves the queue; alone for 20 s, the bot is offered', async ({
  browser,
}) => {
  const carl = await newPlayer(browser, `qmcarl${run}`);
  const dan = await newPlayer(browser, `qmdan${run}`);
  // Carl's clock is the browser's own until the test moves it on, past the 20 s alone.
  await carl.page.clock.install();
  await open(carl.page, '/clashes');
  await open(dan.page, '/clashes');

  // Carl cancels: focus goes back to the button, and Dan, pressing next, waits instead of meeting him.
  await startWaiting(carl.page);
  await panel(carl.page).getByRole('button', { name: 'Cancel' }).click();
  await expect(panel(carl.page)).toHaveCount(0);
  await expect(playNow(carl.page)).toBeFocused();
  await waitsAlone(dan.page);

  // Dan leaves the page: Carl, pressing now, waits too.
  await dan.page.goto('about:blank');
  await waitsAlone(carl.page);

  // Still alone after 20 s: the practice bot, with the quick match's clock. Not a second before.
  await carl.page.clock.fastForward(19_000);
  await expect(panel(carl.page).getByRole('status')).toHaveText('Looking for an opponent…');
  await carl.page.clock.fastForward(1_500);
  await expect(panel(carl.page).getByRole('status')).toHaveText('Nobody yet. Play Yamb Bot instead?');
  await expect(panel(carl.page).getByRole('button', { name: 'Keep waiting' })).toBeVisible();
  // The offer, taller than the wait, still leaves the form's last button uncovered at the page's end.
  for (const viewport of [PHONE, DESKTOP]) {
    await carl.page.setViewportSize(viewport);
    const create = carl.page.getByRole('button', { name: 'Create clash' });
    await create.scrollIntoViewIfNeeded();
    await carl.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = (await create.boundingBox())!;
    const offer = (await panel(carl.page).boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(offer.y);
  }
  await panel(carl.page).getByRole('button', { name: 'Play Yamb Bot' }).click();
  await expect(carl.page).toHaveURL(/\/clashes\/\d+$/, { timeout: 10_000 });
  await expect(carl.page.getByRole('main')).toContainText('Yamb Bot');
  await expect(carl.page.locator('.turn-clock')).toBeVisible({ timeout: 10_000 });
  await expect(panel(carl.page)).toHaveCount(0);
});
