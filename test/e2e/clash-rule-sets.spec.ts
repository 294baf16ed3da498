import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// A clash of house rules (issue 27): Ana, at 1280 px, makes a LONG clash with the create form; Ben, on a
// 360 px phone, reads its rules in his list and in the lobby before he accepts; each plays a turn with six
// dice on a sheet of seven columns, which fits the phone without scrolling sideways.

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);
const LONG = 'Long · 6 dice · 7 columns';
const NARROW = { width: 320, height: 640 };

let ana: Player;
let ben: Player;
let clashId = 0;

const turnLine = (page: Page) => page.locator('.clash-turn');
const board = (page: Page) => page.locator('.board-sheet').first();

/** Every one of `items` lies inside `box` (horizontally), as the eye sees it. */
async function allInside(items: Locator, box: { x: number; width: number }) {
  for (const item of await items.all()) {
    const b = await item.boundingBox();
    expect(b, 'the item is shown').not.toBeNull();
    expect(b!.x).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(b!.x + b!.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
}

/** The player's board on turn: six dice inside their tray, seven columns inside the screen, nothing sideways. */
async function longBoardFits(page: Page) {
  const width = page.viewportSize()!.width;
  const dice = page.getByRole('list', { name: 'Dice' }).getByRole('listitem');
  await expect(dice).toHaveCount(6);
  const tray = await page.getByRole('list', { name: 'Dice' }).boundingBox();
  await allInside(dice, tray!);
  const headings = board(page).locator('thead th[scope="col"]');
  await expect(headings).toHaveCount(7);
  await allInside(headings, { x: 0, width });
  await allInside(board(page).locator('table'), { x: 0, width });
  await noSidewaysScroll(page);
}

/** Rolls, then writes the first box offered; answers the label of what was written. */
async function playTurn(page: Page): Promise<string> {
  await roll(page);
  await longBoardFits(page);
  const fill = page.locator('.sheet-button[aria-label^="Write"]').first();
  const label = (await fill.getAttribute('aria-label'))!;
  await fill.click();
  return label;
}

test.beforeAll(async ({ browser }) => {
  ana = await newPlayer(browser, `ana${run}`, DESKTOP);
  ben = await newPlayer(browser, `ben${run}`, PHONE);
});

test.afterAll(async () => {
  for (const p of [ana, ben]) await p?.context.close();
});

test('Ana makes a LONG clash with the create form: the rules are in its lobby', async () => {
  const { page } = ana;
  await open(page, '/clashes');
  await page.getByLabel('Name', { exact: true }).fill(`Long ${run}`);
  await page.getByLabel('Players to invite').fill(ben.name);
  await page.getByRole('button', { name: new RegExp(`^Choose ${ben.name}`) }).click();
  // The clash form's, not the challenge-by-link form's beside it.
  const rules = page.getByRole('form', { name: 'New clash' }).getByRole('group', { name: 'Rules' });
  // The four presets and a custom set, CLASSIC chosen unless the owner picks another.
  await expect(rules.getByRole('radio')).toHaveCount(5);
  await expect(rules.getByLabel('Classic · 5 dice · 4 columns')).toBeChecked();
  await rules.getByLabel(LONG).check();
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Create clash' }).click();
  await expect(page).toHaveURL(/\/clashes\/\d+$/);
  clashId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.locator('.clash-head .clash-rules')).toContainText(LONG);
});

test('Ben reads the rules on his phone before accepting: in his list and in the lobby', async () => {
  const { page } = ben;
  await open(page, '/clashes');
  const item = page.getByRole('link', { name: new RegExp(`Long ${run}`) });
  await expect(item).toContainText(`${ana.name} invites you`);
  await expect(item.locator('.clash-rules')).toContainText(LONG);
  await item.click();
  const rules = page.locator('.clash-head .clash-rules');
  await expect(rules).toContainText(LONG);
  // The columns by name, for the tooltip and screen readers.
  await expect(rules).toHaveAttribute('title', /Columns: Downwards, Upwards, Free, Announcement, Hand, From/);
  const box = await rules.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(turnLine(page)).toHaveText(`${ana.name}'s turn`, { timeout: 15_000 });
});

test('a turn each with six dice: Ana at 1280 px, then Ben on his 360 px phone, seven columns on screen', async () => {
  await open(ana.page, `/clashes/${clashId}`);
  await expect(turnLine(ana.page)).toHaveText('Your turn', { timeout: 15_000 });
  const written = await playTurn(ana.page);
  expect(written).toMatch(/^Write \d+/);

  const { page } = ben;
  await expect(turnLine(page)).toHaveText('Your turn', { timeout: 15_000 });
  await expect(rollButton(page)).toBeEnabled();
  await playTurn(page);
  // Back to Ana, whose board fits at 1280 px too.
  await expect(turnLine(ana.page)).toHaveText('Your turn', { timeout: 15_000 });
  await roll(ana.page);
  await longBoardFits(ana.page);
});

test('a quick match in BALKAN: picked beside the button on a 320 px phone, and the bot offered plays it', async ({
  browser,
}) => {
  const cleo = await newPlayer(browser, `cleo${run}`, NARROW);
  const { page } = cleo;
  try {
    // The 20 s alone before the bot is offered pass on the test's clock.
    await page.clock.install();
    await open(page, '/clashes');
    const preset = page.getByRole('combobox', { name: 'Rules' });
    await expect(preset).toHaveValue('CLASSIC');
    await preset.selectOption({ label: 'Balkan · 6 dice · 6 columns' });
    const select = (await preset.boundingBox())!;
    expect(select.x).toBeGreaterThanOrEqual(0);
    expect(select.x + select.width).toBeLessThanOrEqual(NARROW.width);
    await noSidewaysScroll(page);
    const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/api/ws/quick-match'));
    await page.getByRole('button', { name: 'Play someone now' }).click();
    expect(new URL((await socket).url()).searchParams.get('preset')).toBe('BALKAN');
    // Waiting, the preset stays as it was asked for.
    await expect(preset).toBeDisabled();
    const panel = page.getByRole('region', { name: 'Quick match' });
    await expect(panel.getByRole('status')).toHaveText('Looking for an opponent…');
    await page.clock.fastForward(20_500);
    await panel.getByRole('button', { name: 'Play Yamb Bot' }).click();
    await expect(page).toHaveURL(/\/clashes\/\d+$/, { timeout: 10_000 });
    await expect(page.locator('.clash-head .clash-rules')).toContainText('Balkan · 6 dice · 6 columns');
  } finally {
    await cleo.context.close();
  }
});

test('practice against Yamb Bot is played in the rules chosen beside "Play someone now"', async ({
  browser,
}) => {
  const dana = await newPlayer(browser, `dana${run}`, DESKTOP);
  const { page } = dana;
  try {
    await open(page, '/clashes');
    await page.getByRole('combobox', { name: 'Rules' }).selectOption({ label: LONG });
    await page.getByRole('button', { name: 'Practice against Yamb Bot' }).click();
    await expect(page).toHaveURL(/\/clashes\/\d+$/, { timeout: 10_000 });
    await expect(page.locator('.clash-head .clash-rules')).toContainText(LONG);
  } finally {
    await dana.context.close();
  }
});

test('a clash of custom rules is made with the builder under the presets', async () => {
  const { page } = ana;
  await open(page, '/clashes');
  await page.getByLabel('Name', { exact: true }).fill(`Custom ${run}`);
  await page.getByLabel('Players to invite').fill(ben.name);
  await page.getByRole('button', { name: new RegExp(`^Choose ${ben.name}`) }).click();
  const form = page.getByRole('form', { name: 'New clash' });
  await form.getByRole('group', { name: 'Rules' }).getByLabel('Custom').check();
  const builder = form.getByRole('group', { name: 'Custom rules' });
  await builder.getByLabel('6 dice').check();
  await builder.getByLabel('Upwards').uncheck();
  await builder.getByLabel('Hand').check();
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Create clash' }).click();
  await expect(page).toHaveURL(/\/clashes\/\d+$/);
  await expect(page.locator('.clash-head .clash-rules')).toContainText('Custom · 6 dice · 4 columns');
});
