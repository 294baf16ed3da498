import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { noSidewaysScroll, PHONE } from './players';
import { playTurn as apiTurn, put } from './finishedGames';
import { cellOfButton, roll, rollButton } from './playScreen';
import { settle, watchTrouble } from './trouble';

// Issue 27 on the play screen: a new solo game's rule set is picked under the board ("Other rules": the four
// presets, each with a line on what it plays, and a custom builder fetched when first chosen), a game in
// progress is put away only after the player says so, and a whole BALKAN game (six dice, six columns, 78
// boxes) is played to its end, its last turns through the UI, on a phone and on a desktop. Reduced motion: a roll lands at once.

const DESKTOP = { width: 1280, height: 800 };
/** The turns of a whole game played on the board; the ones before go through the API. */
const UI_TURNS = 10;

test.use({ reducedMotion: 'reduce', viewport: DESKTOP });

const cellOf = (page: Page, column: string, box: string) =>
  page.locator(`td.sheet-cell[data-column="${column}"][data-box="${box}"]`);

async function openPlay(page: Page, roll = /^Roll \d\/3$/) {
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  await page.goto('/');
  await expect(page.getByRole('button', { name: roll })).toBeVisible({ timeout: 20_000 });
}

/** Opens the picker under the board. */
async function openRules(page: Page) {
  await page.getByRole('button', { name: 'Other rules' }).click();
  const panel = page.getByRole('region', { name: 'Rules for a new game' });
  await expect(panel).toBeVisible();
  return panel;
}

/** Rolls once and fills the first box a click would fill (announcing first when only that is left). */
async function playTurn(page: Page) {
  await roll(page);
  const fill = page.locator('.sheet-button[aria-label^="Write"]');
  const announce = page.locator('.sheet-button[aria-label^="Announce"]');
  await expect(page.locator('.sheet-button').first()).toBeVisible();
  if ((await fill.count()) === 0) {
    await expect(rollButton(page)).toBeDisabled();
    await announce.first().click();
    await expect(announce).toHaveCount(0);
  }
  const button = fill.first();
  await expect(button).toBeEnabled();
  const { column, box } = await cellOfButton(button);
  const preview = (await button.textContent())?.trim() ?? '';
  await button.click();
  await expect(cellOf(page, column, box).locator('.sheet-value')).toHaveText(preview);
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a whole BALKAN game at ${viewport.width} px: picked under the board, six dice, 78 boxes, the last ones on the board, the congratulations`, async ({
    page,
    context,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    const trouble = watchTrouble(context);
    await openPlay(page);
    await expect(page.getByTestId('board-rules')).toHaveText('Rules: Classic');
    const panel = await openRules(page);
    // Each preset says what it plays; the current game's rules are chosen and need no new game.
    await expect(panel.getByRole('radio', { name: /^Classic/ })).toBeChecked();
    await expect(panel.getByText('Your current game has these rules.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Start a new game' })).toBeDisabled();
    await panel.getByRole('radio', { name: /^Balkan 6 dice, 6 columns/ }).check();
    await panel.getByRole('button', { name: 'Start a new game' }).click();
    // The untouched classic game makes way without a question.
    await expect(panel).toBeHidden();
    await expect(page.getByTestId('board-rules')).toHaveText('Rules: Balkan');
    await expect(page.locator('.dice .die')).toHaveCount(6);
    await expect(page.locator('th.sheet-col')).toHaveText([/Down/, /Up/, /Free/, /Ann/, /Hand/, /Mid/]);
    await noSidewaysScroll(page);

    // The game comes near its end through its own links, as the player's client would send them (78 turns
    // clicked took a minute and a half); the last turns are played on the board.
    const me = (await (await page.request.get('/api/players/me')).json()) as { id: number };
    let game = await put(page.request, '/api/games/', { playerId: me.id });
    expect(game.rules.preset).toBe('BALKAN');
    for (let filled = 0; filled < 78 - UI_TURNS; filled++) game = await apiTurn(page.request, game);
    await page.reload();
    await expect(page.locator('.sheet-value')).toHaveCount(78 - UI_TURNS, { timeout: 20_000 });
    for (let filled = 0; filled < UI_TURNS; filled++) await playTurn(page);

    const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
    await expect(dialog).toBeVisible();
    const total = await page.getByTestId('sheet-total').textContent();
    await expect(dialog.getByTestId('congrats-total')).toHaveText(total ?? '');
    await expect(page.locator('.sheet-value')).toHaveCount(78);
    // The next game keeps the rules the player chose (their preferred rule set).
    await dialog.getByRole('button', { name: 'New game' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.sheet-value')).toHaveCount(0);
    await expect(page.getByTestId('board-rules')).toHaveText('Rules: Balkan');
    await expect(page.locator('.dice .die')).toHaveCount(6);
    await settle(page, trouble);
    expect(trouble.lines).toEqual([]);
  });
}

test('other rules while a game is in progress: the player is asked before it is put away', async ({
  page,
}) => {
  await openPlay(page);
  await playTurn(page);
  const before = page.url();
  const firstTotal = await page.getByTestId('sheet-total').textContent();

  const panel = await openRules(page);
  await panel.getByRole('radio', { name: /^Long/ }).check();
  await panel.getByRole('button', { name: 'Start a new game' }).click();
  const ask = page.getByRole('dialog', { name: 'Put the current game away and start a new one (Long)?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Your current game is not finished: put away, it keeps no score.');
  // "Keep playing": nothing changes.
  await ask.getByRole('button', { name: 'Keep playing' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('board-rules')).toHaveText('Rules: Classic');
  await expect(page.locator('.sheet-value')).toHaveCount(1);
  await expect(page.getByTestId('sheet-total')).toHaveText(firstTotal ?? '');

  await panel.getByRole('button', { name: 'Start a new game' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Put it away and start' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('board-rules')).toHaveText('Rules: Long');
  await expect(page.locator('th.sheet-col')).toHaveCount(7);
  await expect(page.locator('.dice .die')).toHaveCount(6);
  await expect(page.locator('.sheet-value')).toHaveCount(0);
  expect(page.url()).toBe(before);
  // A reload finds the LONG game as the current one.
  await page.reload();
  await expect(page.getByTestId('board-rules')).toHaveText('Rules: Long', { timeout: 20_000 });
});

test('a custom rule set: the builder is fetched when first chosen, and the board says "Custom"', async ({
  page,
}) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/.*\.js$/.test(request.url())) chunks.push(new URL(request.url()).pathname);
  });
  await openPlay(page);
  const panel = await openRules(page);
  expect(chunks.filter((path) => path.includes('CustomRules'))).toEqual([]);
  await panel.getByRole('radio', { name: /^Custom/ }).check();
  const builder = panel.getByRole('group', { name: 'Custom rules' });
  await expect(builder).toBeVisible();
  expect(chunks.filter((path) => path.includes('CustomRules'))).toHaveLength(1);

  // No column: nothing to start.
  for (const column of ['Downwards', 'Upwards', 'Free', 'Announcement'])
    await builder.getByRole('checkbox', { name: column }).uncheck();
  await expect(builder.getByRole('alert')).toHaveText('Choose at least one column.');
  await expect(panel.getByRole('button', { name: 'Start a new game' })).toBeDisabled();
  // Six dice, Hand then From the edges (the sheet's order is the builder's), straights by roll.
  await builder.getByRole('checkbox', { name: 'From the edges' }).check();
  await builder.getByRole('checkbox', { name: 'Hand' }).check();
  await builder.getByRole('radio', { name: '6 dice' }).check();
  await builder.getByRole('radio', { name: '66, 56 or 46 by the roll' }).check();
  await panel.getByRole('button', { name: 'Start a new game' }).click();

  await expect(page.getByTestId('board-rules')).toHaveText('Rules: Custom');
  await expect(page.locator('th.sheet-col')).toHaveText([/Hand/, /Edges/]);
  await expect(page.locator('.dice .die')).toHaveCount(6);
  // A turn on it; then the keys line (shown once a box is filled and restart is offered) counts six dice.
  await playTurn(page);
  await expect(page.locator('.sheet-value')).toHaveCount(1);
  await expect(page.locator('.board-keys')).toContainText('Keys: 1–6 hold a die, R rolls');
});

for (const language of ['en', 'hr'] as const) {
  const words = {
    en: {
      legend: 'What the sheet shows',
      hand: /^Hand: any open box, but only right after the turn’s first roll/,
      middle: /^From the middle: two chains from the middle outwards/,
      edges: /^From the edges: two chains from the edges towards the middle/,
      sixDice: 'Six dice: every box scores the best five of the six for that box.',
      byRoll: /^Straight by roll: 66 after the turn's first roll, 56 after the second, 46 after the third/,
      rules: 'Rules of the game',
      ruleSets: 'Rule sets',
      page: [
        /every box scores the best five of the six/,
        /scores 66 when it stands after the turn’s first roll/,
      ],
    },
    hr: {
      legend: 'Što prikazuje listić',
      hand: /^Ručna: bilo koje otvoreno polje, ali samo odmah nakon prvog bacanja/,
      middle: /^Od sredine: dva niza od sredine prema van/,
      edges: /^Od krajeva: dva niza od krajeva prema sredini/,
      sixDice: 'Šest kockica: svako polje boduje najboljih pet od šest kockica za to polje.',
      byRoll: /^Skala po bacanju: 66 nakon prvog bacanja u potezu, 56 nakon drugog, 46 nakon trećeg/,
      rules: 'Pravila igre',
      ruleSets: 'Inačice pravila',
      page: [/svako polje boduje najboljih pet od šest kockica/, /donosi 66 kad stoji nakon prvog bacanja/],
    },
  }[language];

  test(`the legend of a LONG sheet and the rules page explain Hand, the chains, six dice and the straight by roll (${language})`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), language);
    await openPlay(page, { en: /^Roll \d\/3$/, hr: /^Bacite \d\/3$/ }[language]);
    const me = (await (await page.request.get('/api/players/me')).json()) as { id: number };
    const made = await page.request.put('/api/games/', { data: { playerId: me.id, rules: 'LONG' } });
    expect(made.status(), await made.text()).toBe(200);
    await page.reload();
    await expect(page.locator('.dice .die')).toHaveCount(6, { timeout: 20_000 });

    await page.getByText(words.legend).click();
    const entries = page.locator('.legend-text');
    // The seven columns, then six dice and the straight by roll.
    await expect(entries.nth(4)).toHaveText(words.hand);
    await expect(entries.nth(5)).toHaveText(words.middle);
    await expect(entries.nth(6)).toHaveText(words.edges);
    await expect(entries.nth(7)).toHaveText(words.sixDice);
    await expect(entries.nth(8)).toHaveText(words.byRoll);
    await noSidewaysScroll(page);

    await page.getByRole('link', { name: words.rules }).click();
    const section = page.getByRole('heading', { name: words.ruleSets, level: 3 });
    await expect(section).toBeVisible();
    for (const text of words.page) await expect(page.locator('.rules')).toContainText(text);
    await expect(page.locator('.rules')).toContainText(words.hand.source.replace(/^\^[^:]+: /, ''));
    await noSidewaysScroll(page);
  });
}
