import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE } from './players';

// Challenge by link (issue 29): Ana makes a link on the clashes screen; a second browser with no cookies at
// all opens it, sees who challenges and the settings, joins with one tap as a guest, and the clash starts:
// both play their first turn. Ana's link page then leads to the clash; a cancelled link says so plainly.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);
const turnLine = (page: Page) => page.locator('.clash-turn');

/** A browser turn: roll, then fill the first box offered. */
async function playTurn(page: Page) {
  await expect(turnLine(page)).toHaveText('Your turn', { timeout: 15_000 });
  await expect(rollButton(page)).toBeEnabled({ timeout: 10_000 });
  await roll(page);
  const fill = page.locator('.sheet-button[aria-label^="Write"]').first();
  await expect(fill).toBeVisible();
  await fill.click();
  await expect(page.locator('button.roll-button:enabled')).toHaveCount(0);
}

test('a link challenge opened by a browser with no cookies is joined as a guest and played to the first turn', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ana = await newPlayer(browser, `Ana${run}`);
  await open(ana.page, '/clashes');
  const form = ana.page.getByRole('form', { name: 'Challenge by link' });
  await form.getByRole('radio', { name: '2 players' }).check();
  await form.getByRole('radio', { name: '60 s' }).check();
  // No share sheet in this browser: the link is copied, and the toast says so.
  await ana.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await form.getByRole('button', { name: 'Make the link' }).click();
  const link = form.locator('.challenge-link a');
  await expect(link).toHaveText(/\/challenges\/[A-Za-z0-9_-]{22}$/);
  const href = (await link.getAttribute('href')) as string;
  await form.getByRole('button', { name: 'Share' }).click();
  await expect(ana.page.getByText('Copied', { exact: false }).first()).toBeVisible();
  const copied = await ana.page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(href);
  // The link is listed among Ana's open ones, with its time left and Cancel.
  const mine = ana.page.getByRole('region', { name: 'Your open links' });
  await expect(mine).toContainText('1 of 2 seats taken');
  await expect(mine).toContainText(/23 h \d+ min left/);
  await expect(mine.getByRole('button', { name: 'Cancel the link' })).toBeVisible();
  await noSidewaysScroll(ana.page);

  // A second browser, no cookies at all, on a phone.
  const visitor = await browser.newContext({ viewport: PHONE });
  expect(await visitor.cookies()).toEqual([]);
  const page = await visitor.newPage();
  await open(page, new URL(href).pathname);
  await expect(page.getByRole('heading', { name: `${ana.name} challenges you` })).toBeVisible();
  await expect(page.getByText('Rating 1500')).toBeVisible();
  await expect(page.getByText('2 players · Classic', { exact: false })).toBeVisible();
  await expect(page.getByText('60 s a turn', { exact: false })).toBeVisible();
  await noSidewaysScroll(page);
  const join = page.getByRole('button', { name: 'Join' });
  await expect(join).toBeEnabled({ timeout: 15_000 });
  const box = await join.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  await expect(page.getByText('You play as a guest', { exact: false })).toBeVisible();
  await join.click();

  // The clash started: the guest lands on it, Ana on turn; Ana plays, then the guest.
  await expect(page).toHaveURL(/\/clashes\/\d+$/, { timeout: 15_000 });
  const clashPath = new URL(page.url()).pathname;
  await open(ana.page, clashPath);
  await playTurn(ana.page);
  await playTurn(page);
  await expect(turnLine(ana.page)).toHaveText('Your turn', { timeout: 15_000 });
  await noSidewaysScroll(page);

  // Ana heard the challenge was taken; the link now leads to the clash, for anyone.
  const bell = ana.page.getByRole('banner').locator('.bell');
  await bell.click();
  await expect(
    ana.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByText('took up your challenge', { exact: false }),
  ).toBeVisible();
  await ana.page.keyboard.press('Escape');
  const watcher = await browser.newContext({ viewport: DESKTOP });
  const watching = await watcher.newPage();
  await open(watching, new URL(href).pathname);
  await expect(watching.getByText('This challenge was taken', { exact: false })).toBeVisible();
  await watching.getByRole('link', { name: 'Watch the clash' }).click();
  await expect(watching).toHaveURL(new RegExp(`${clashPath}$`));
  await watcher.close();
  await visitor.close();
  await ana.context.close();
});

test('a cancelled link says so plainly, and an unknown one is no challenge', async ({ browser }) => {
  test.setTimeout(60_000);
  const ana = await newPlayer(browser, `Cancel${run}`);
  const made = await ana.context.request.post('/api/challenges/', { data: { seats: 3 } });
  expect(made.status()).toBe(201);
  const { code } = (await made.json()) as { code: string };
  await open(ana.page, '/clashes');
  const mine = ana.page.getByRole('region', { name: 'Your open links' });
  await expect(mine).toContainText('1 of 3 seats taken');
  await mine.getByRole('button', { name: 'Cancel the link' }).click();
  await expect(mine).toBeHidden();
  const visitor = await browser.newContext({ viewport: PHONE });
  const page = await visitor.newPage();
  await open(page, `/challenges/${code}`);
  await expect(page.getByText('This challenge was cancelled by the player who made it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join' })).toHaveCount(0);
  await open(page, '/challenges/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('There is no such challenge', { exact: false })).toBeVisible();
  await visitor.close();
  await ana.context.close();
});
