import type { BrowserContext, Page } from '@playwright/test';
import type { ClashResource } from '../../contract/clashes';
import { expect, test } from './fixtures';
import { playTurn } from './finishedGames';
import { roll, rollButton } from './playScreen';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// The clash table of issue 25, in a live clash of three: Ana at 1280 px, Ben on a 360 px phone, Cleo at
// 1024 px. While another plays, each player's own sheet is one tap away (beside the board where the screen
// is wide), every opponent's sheet is on demand, the board on turn comes back by itself when the turn passes
// to the player, and the clash log (turns with what they wrote, reactions) is read whole by a late watcher.
// A player whose turn it is sees it on the tab's title and icon, and hears it if they turned the sound on.

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);
const TABLET = { width: 1024, height: 768 };

let ana: Player;
let ben: Player;
let cleo: Player;
let watcher: { context: BrowserContext; page: Page } | undefined;
let clashId = 0;

const turnLine = (page: Page) => page.locator('.clash-turn');
const tabs = (page: Page) => page.getByRole('tablist', { name: 'Sheets' });
const tabOf = (page: Page, name: string | RegExp) => tabs(page).getByRole('tab', { name });
const log = (page: Page) => page.getByRole('log', { name: 'Clash log' });

test.beforeAll(async ({ browser }) => {
  ana = await newPlayer(browser, `ana${run}`, DESKTOP);
  ben = await newPlayer(browser, `ben${run}`, PHONE);
  cleo = await newPlayer(browser, `cleo${run}`, TABLET);
  // Web Audio is the browser's: a count of the notes started is how the test hears the turn sound.
  await cleo.context.addInitScript(() => {
    const counter = window as unknown as { notes: number };
    counter.notes = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      counter.notes++;
      return start.apply(this, args);
    };
  });
  const created = await ana.page.request.post('/api/clashes/', {
    data: { ownerId: ana.id, playerIds: [ana.id, ben.id, cleo.id], type: 'LIVE', name: `Table ${run}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  clashId = ((await created.json()) as ClashResource).id;
  for (const p of [ben, cleo]) {
    const accepted = await p.page.request.put(`/api/clashes/${clashId}/accept`, { data: { playerId: p.id } });
    expect(accepted.ok(), await accepted.text()).toBe(true);
  }
});

test.afterAll(async () => {
  for (const p of [ana, ben, cleo]) await p?.context.close();
  await watcher?.context.close();
});

test('while Ana plays, Ben’s own sheet is a tab away on his phone and every sheet is on demand', async () => {
  await open(cleo.page, '/settings');
  await cleo.page.getByRole('group', { name: 'Sound on your turn' }).getByLabel('On').check();
  expect(await cleo.page.evaluate(() => localStorage.getItem('turnSound'))).toBe('on');
  for (const p of [ana, ben, cleo]) await open(p.page, `/clashes/${clashId}`);
  await expect(turnLine(ana.page)).toHaveText('Your turn', { timeout: 15_000 });
  const { page } = ben;
  await expect(turnLine(page)).toHaveText(`${ana.name}'s turn`);

  // One tab per player with their total, the one on turn marked; Ana's board is the one shown.
  await expect(tabs(page).getByRole('tab')).toHaveText([
    new RegExp(`^${ana.name}0`),
    /^You0$/,
    new RegExp(`^cleo${run}0`),
    /^Log\d+$/,
  ]);
  await expect(tabOf(page, ana.name)).toHaveAttribute('aria-selected', 'true');
  await expect(tabOf(page, ana.name).getByRole('img', { name: 'on turn' })).toBeVisible();
  await expect(page.locator('.board-title')).toHaveText(`Watching ${ana.name}`);

  // His own sheet, one tap away: readable, nothing to roll.
  await tabOf(page, 'You').click();
  await expect(page.locator('.board-title')).toHaveText('Your sheet');
  await expect(page.locator('button.roll-button:enabled')).toHaveCount(0);
  // Cleo's, on demand, and the tabs stay on one line within the phone's width.
  await tabOf(page, cleo.name).click();
  await expect(page.locator('.board-banner')).toHaveText(`${cleo.name}'s sheet: waiting for their turn.`);
  const boxes = await tabs(page)
    .getByRole('tab')
    .evaluateAll((all) => all.map((t) => t.getBoundingClientRect()));
  expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
  for (const b of boxes) expect(b.right).toBeLessThanOrEqual(PHONE.width);
  await noSidewaysScroll(page);

  // The keyboard moves between the tabs as a tab list does.
  await tabOf(page, cleo.name).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabOf(page, 'Log')).toHaveAttribute('aria-selected', 'true');
  await expect(log(page).or(page.getByText('Nothing yet'))).toBeVisible();
});

test('at 1024 px Cleo watches Ana’s board with the log and her own sheet beside it', async () => {
  const { page } = cleo;
  await expect(page.locator('.board-title')).toHaveText(`Watching ${ana.name}`);
  const side = page.getByRole('complementary', { name: 'Clash log and your sheet' });
  await expect(side.getByRole('heading', { name: 'Clash log' })).toBeVisible();
  await expect(side.getByRole('heading', { name: /Your sheet/ })).toBeVisible();
  await expect(side.locator('.sheet')).toBeVisible();
  // No Log tab where the log is in view.
  await expect(tabOf(page, 'Log')).toHaveCount(0);
  const board = (await page.locator('.clash-table-main').boundingBox())!;
  const beside = (await side.boundingBox())!;
  expect(beside.x).toBeGreaterThanOrEqual(board.x + board.width);
  expect(beside.x + beside.width).toBeLessThanOrEqual(TABLET.width);
  await noSidewaysScroll(page);
  // Nobody hears anything on a turn that is not theirs, and the title stays the clash's.
  expect(await page.evaluate(() => (window as unknown as { notes: number }).notes)).toBe(0);
  await expect(page).toHaveTitle(`Table ${run} · Yamb`);
});

test('Ana’s turn is logged with what she wrote; Ben’s board comes back as the turn passes to him', async () => {
  // Ben is reading the log when the turn reaches him.
  await expect(tabOf(ben.page, 'Log')).toHaveAttribute('aria-selected', 'true');
  await expect(ana.page).toHaveTitle(`Your turn! Table ${run} · Yamb`);
  await roll(ana.page);
  const fill = ana.page.locator('.sheet-button[aria-label^="Write"]').first();
  const label = (await fill.getAttribute('aria-label'))!;
  const [, score] = /^Write (\d+)/.exec(label)!;
  await fill.click();

  await expect(turnLine(ben.page)).toHaveText('Your turn', { timeout: 15_000 });
  await expect(tabOf(ben.page, 'You')).toHaveAttribute('aria-selected', 'true');
  await expect(rollButton(ben.page)).toBeEnabled();
  await expect(ben.page).toHaveTitle(`Your turn! Table ${run} · Yamb`);
  await expect(ana.page).toHaveTitle(`Table ${run} · Yamb`);
  // The log line, on a phone behind its tab, and beside the board at 1024 px.
  await tabOf(ben.page, 'Log').click();
  await expect(log(ben.page)).toContainText(new RegExp(`${ana.name} wrote ${score} in`));
  await expect(log(cleo.page)).toContainText(new RegExp(`${ana.name} wrote ${score} in`));
  await tabOf(ben.page, 'You').click();
  await expect(rollButton(ben.page)).toBeEnabled();
});

test('a reaction stays in the log, which a late watcher reads whole', async ({ browser }) => {
  await ana.page
    .getByRole('group', { name: 'Send a reaction' })
    .getByRole('button', { name: 'Party' })
    .click();
  await expect(log(cleo.page)).toContainText(`${ana.name} Party`);

  const context = await browser.newContext({ viewport: PHONE });
  watcher = { context, page: await context.newPage() };
  await open(watcher.page, `/clashes/${clashId}`);
  await tabOf(watcher.page, 'Log').click();
  const lines = log(watcher.page).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(`${ana.name} wrote`);
  await expect(lines.nth(1)).toContainText(`${ana.name} Party`);
});

test('the turn reaching Cleo changes her tab’s title and icon and plays the sound she turned on', async () => {
  await playTurn(ben.page.request, (await clash()).players[1]!.gameId!);
  await expect(turnLine(cleo.page)).toHaveText('Your turn', { timeout: 15_000 });
  await expect(cleo.page).toHaveTitle(`Your turn! Table ${run} · Yamb`);
  await expect(cleo.page.locator('link[rel="icon"]')).toHaveAttribute('href', /22a35a/);
  await expect
    .poll(() => cleo.page.evaluate(() => (window as unknown as { notes: number }).notes))
    .toBeGreaterThan(0);
  // Her own board is the one on turn now: the sheet beside it goes, the log stays.
  const side = cleo.page.getByRole('complementary', { name: 'Clash log and your sheet' });
  await expect(side.locator('.sheet')).toHaveCount(0);
  await expect(cleo.page.locator('.board-title')).toHaveText('Your sheet');
  // Ben's icon is the usual one again.
  await expect(ben.page.locator('link[rel="icon"]')).not.toHaveAttribute('href', /22a35a/);
});

async function clash(): Promise<ClashResource> {
  return (await (await ana.page.request.get(`/api/clashes/${clashId}`)).json()) as ClashResource;
}
