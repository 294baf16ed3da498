import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cellOfButton, roll, rollButton, watchTumbles } from './playScreen';
import { settle, watchTrouble } from './trouble';

// The play screen through the real UI: a whole game to the congratulations dialog, a watcher in a second
// browser, the keyboard, undo and restart. Reduced motion: no tumbling dice, so a roll lands at once.

const MOBILE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

test.use({ reducedMotion: 'reduce', viewport: DESKTOP });

const sheetButtons = (page: Page) => page.locator('.sheet-button');
const cellOf = (page: Page, column: string, box: string) =>
  page.locator(`td.sheet-cell[data-column="${column}"][data-box="${box}"]`);

async function openPlay(page: Page, theme: 'dark' | 'light' = 'dark') {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  await page.goto('/');
  await expect(rollButton(page)).toBeVisible({ timeout: 20_000 });
}

/** Clicks the first box that can be filled, after checking it shows its score first; returns the score. */
async function fillFirst(page: Page): Promise<number> {
  const fill = page.locator('.sheet-button[aria-label^="Write"]');
  const announce = page.locator('.sheet-button[aria-label^="Announce"]');
  await expect(sheetButtons(page).first()).toBeVisible();
  if ((await fill.count()) === 0) {
    // Only the announcement column is left: the next roll is refused until a box is announced.
    await expect(rollButton(page)).toBeDisabled();
    const { column, box } = await cellOfButton(announce.first());
    await announce.first().click();
    await expect(cellOf(page, column, box)).toHaveClass(/sheet-cell--announced/);
    await expect(announce).toHaveCount(0);
  }
  const button = fill.first();
  // SPEC section 9's box click lock (and a move on its way) shows as aria-disabled on every box: a click
  // before it lifts would be ignored, so wait until the box is enabled again.
  await expect(button).toBeEnabled();
  const { column, box } = await cellOfButton(button);
  const preview = (await button.textContent())?.trim() ?? '';
  expect(preview).toMatch(/^\d+$/);
  await button.click();
  await expect(cellOf(page, column, box).locator('.sheet-value')).toHaveText(preview);
  return Number(preview);
}

async function playTurn(page: Page) {
  await roll(page);
  return fillFirst(page);
}

async function shoot(
  page: Page,
  name: string,
  testInfo: { attach: (n: string, o: object) => Promise<void> },
) {
  const path = `test-results/${name}`;
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Screenshots of what is on screen now at desktop and 360 px, in both themes. */
async function shootAll(page: Page, prefix: string, testInfo: Parameters<typeof shoot>[2]) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    await page.setViewportSize(DESKTOP);
    await shoot(page, `play-${prefix}-${theme}.png`, testInfo);
    await page.setViewportSize(MOBILE);
    // At 360 px the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shoot(page, `play-${prefix}-${theme}-360.png`, testInfo);
  }
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
}

/**
 * Waits until the games list has `name`'s game: a game is listed from its first move on (a visit that
 * never plays leaves no game behind), once the room's index write has followed, about a second later.
 */
async function waitListed(target: Page, name: string) {
  await expect
    .poll(
      async () => {
        const response = await target.request.get('/api/games/?page=0&size=100');
        const body = (await response.json()) as { _embedded: { games: { player: { name: string } }[] } };
        return body._embedded.games.some((game) => game.player.name === name);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function newGuest(browser: Browser) {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP });
  const page = await context.newPage();
  return { context, page };
}

test('a whole game through the UI ends in the congratulations dialog, and "New game" starts an empty sheet, logging no failure', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  const trouble = watchTrouble(context);
  await openPlay(page);
  await expect(page.getByRole('heading', { name: 'Play', level: 1 })).toBeVisible();
  await expect(page.locator('.sheet-value')).toHaveCount(0);
  await expect(rollButton(page)).toHaveText(/0\/3/);

  let filled = 0;
  for (; filled < 52; filled++) {
    await playTurn(page);
    if (filled === 20) {
      // Mid-game: hold two dice after a roll, as a player would, for the screenshots.
      await expect(rollButton(page)).toBeEnabled();
      await roll(page);
      await page.keyboard.press('2');
      await page.keyboard.press('4');
      await expect(rollButton(page)).toBeEnabled();
      await shootAll(page, 'midgame', testInfo);
      await fillFirst(page);
      filled++;
    }
  }

  const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(dialog).toBeVisible();
  const total = await page.getByTestId('sheet-total').textContent();
  await expect(dialog.getByTestId('congrats-total')).toHaveText(total ?? '');
  await expect(page.getByRole('button', { name: /^Roll/ })).toHaveCount(0);

  // Without Web Share (Chromium on Linux has none) the score and its link are copied, and a toast says so.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(
    page.getByText('Copied to the clipboard: paste it wherever you want to share it.'),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`^I scored ${total} points in Yamb!\\nhttp://[^/]+/games/\\d+$`),
  );

  await shootAll(page, 'congrats', testInfo);

  await dialog.getByRole('button', { name: 'New game' }).click();
  await expect(dialog).toBeHidden();
  await expect(rollButton(page)).toHaveText(/0\/3/);
  await expect(page.locator('.sheet-value')).toHaveCount(0);
  await expect(page.getByTestId('sheet-total')).toHaveText('0');
  // No console error, no answer of 400 or more and no failed request on the whole way.
  await settle(page, trouble);
  expect(trouble.lines).toEqual([]);
});

test('a watcher in another browser sees the moves live and cannot play', async ({ page, browser }) => {
  await openPlay(page);
  const name = (await page.locator('.nav-player-name').textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await playTurn(page);
  await waitListed(page, name);

  const watcher = await newGuest(browser);
  try {
    await watcher.page.goto('/games');
    await watcher.page
      .getByRole('link', { name: `Open ${name}'s game` })
      .first()
      .click();
    await expect(watcher.page).toHaveURL(/\/games\/\d+$/);
    await expect(watcher.page.getByRole('heading', { name: `Watching ${name}` })).toBeVisible();
    await expect(watcher.page.locator('.board-live--open')).toBeVisible();
    await expect(watcher.page.getByRole('button', { name: /^Roll/ })).toHaveCount(0);
    await expect(watcher.page.locator('.sheet-button')).toHaveCount(0);

    await roll(page);
    const dice = await page
      .locator('.die')
      .evaluateAll((all) => all.map((d) => d.getAttribute('aria-label')));
    await expect
      .poll(() =>
        watcher.page.locator('.die').evaluateAll((all) => all.map((d) => d.getAttribute('aria-label'))),
      )
      .toEqual(dice);

    const button = page.locator('.sheet-button[aria-label^="Write"]').first();
    const { column, box } = await cellOfButton(button);
    const score = (await button.textContent())?.trim() ?? '';
    await button.click();
    await expect(cellOf(watcher.page, column, box).locator('.sheet-value')).toHaveText(score);
    await expect(watcher.page.locator('.sheet-button')).toHaveCount(0);
    await expect(watcher.page.locator('button.die')).toHaveCount(0);
  } finally {
    await watcher.context.close();
  }
});

test('keys 1-5 hold and release dice, and held dice keep their faces on the next roll', async ({ page }) => {
  await openPlay(page);
  const die = (n: number) => page.locator('button.die').nth(n - 1);
  // Before the first roll nothing can be held.
  await page.keyboard.press('1');
  await expect(die(1)).toHaveAttribute('aria-pressed', 'false');

  // Enter on the focused roll button rolls; the button keeps the focus through the roll lock.
  await rollButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(rollButton(page)).toHaveText(/1\/3/);
  await expect(rollButton(page)).toBeFocused();
  // A die can be held once the roll has landed (its button enabled): keys pressed before then hold nothing.
  await expect(die(1)).toBeEnabled();
  await page.keyboard.press('1');
  await page.keyboard.press('3');
  await expect(die(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(die(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(die(2)).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('3');
  await expect(die(3)).toHaveAttribute('aria-pressed', 'false');

  const held = await die(1).getAttribute('aria-label');
  await expect(rollButton(page)).toBeEnabled();
  await page.keyboard.press('r');
  await expect(rollButton(page)).toHaveText(/2\/3/);
  await expect(die(1)).toHaveAttribute('aria-label', held ?? '');
  await expect(die(1)).toHaveAttribute('aria-pressed', 'true');

  // Keyboard alone: Tab to a box, Enter fills it and the focus goes back to the roll button.
  const first = page.locator('.sheet-button[aria-label^="Write"]').first();
  // The boxes take a fill once the roll's answer has settled (until then they say they are disabled).
  await expect(first).toBeEnabled();
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(first).toBeFocused();
  const { column, box } = await cellOfButton(first);
  const score = (await first.textContent())?.trim() ?? '';
  await page.keyboard.press('Enter');
  await expect(cellOf(page, column, box).locator('.sheet-value')).toHaveText(score);
  await expect(rollButton(page)).toBeFocused();
  await expect(die(1)).toHaveAttribute('aria-pressed', 'false');
});

test('a live connection opened with an expired access cookie renews the session first', async ({
  page,
  context,
}) => {
  await openPlay(page);
  await expect(page.locator('.board-live--open')).toBeVisible();
  const name = (await page.locator('.nav-player-name').textContent())?.trim() ?? '';
  await playTurn(page);
  await waitListed(page, name);
  // To the games list inside the app (no reload, so the game stays cached): the router follows popstate.
  await page.evaluate(() => window.history.pushState(null, '', '/games'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  const link = page.getByRole('link', { name: `Open ${name}'s game` }).first();
  await expect(link).toBeVisible();

  // The access cookie goes stale while the games list is on screen; the game itself is still cached, so
  // opening it sends no request of its own: only the socket, which the server now refuses with 401.
  const access = (await context.cookies()).find((cookie) => cookie.name === 'yamb_access');
  expect(access).toBeDefined();
  await context.addCookies([{ ...(access as NonNullable<typeof access>), value: 'expired.or.forged' }]);
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  await link.click();
  await expect(page).toHaveURL(/\/games\/\d+$/);
  expect((await refreshed).status()).toBe(200);
  // Well before the 5 s reconnect delay: the first connect already carried the renewed cookie.
  await expect(page.locator('.board-live--open')).toBeVisible({ timeout: 3000 });
});

test('undo puts the box back to empty', async ({ page }) => {
  await openPlay(page);
  await roll(page);
  const button = page.locator('.sheet-button[aria-label^="Write"]').first();
  const { column, box } = await cellOfButton(button);
  const score = (await button.textContent())?.trim() ?? '';
  await button.click();
  const cell = cellOf(page, column, box);
  await expect(cell.locator('.sheet-value')).toHaveText(score);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cell.locator('.sheet-value')).toHaveCount(0);
  // The turn is back where it was: the same box offers the same score again.
  await expect(cell.locator('.sheet-button')).toHaveText(score);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
});

test('restart asks first and clears the sheet only on "Yes"', async ({ page }) => {
  await openPlay(page);
  await playTurn(page);
  await expect(page.locator('.sheet-value')).toHaveCount(1);

  await page.getByRole('button', { name: 'Restart' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restart the game?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.locator('.sheet-value')).toHaveCount(1);

  await page.getByRole('button', { name: 'Restart' }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('.sheet-value')).toHaveCount(0);
  await expect(rollButton(page)).toHaveText(/0\/3/);
});

test('the games table lists games with links, sorts and pages', async ({ page }) => {
  await openPlay(page);
  const name = (await page.locator('.nav-player-name').textContent())?.trim() ?? '';
  await playTurn(page);
  // The list reads the D1 index, which follows the game's room within a second.
  await waitListed(page, name);
  await page.goto('/games');
  await expect(page.getByRole('heading', { name: 'Games', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Last played' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByLabel('Rows per page')).toHaveValue('50');
  await table.getByRole('button', { name: 'Total' }).click();
  await expect(table.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByLabel('Rows per page').selectOption('5');
  // The page of 5 replaces the page of 50 once the server answers.
  await expect.poll(() => table.locator('tbody tr').count()).toBeLessThanOrEqual(5);
  // Back to the latest played, where this player's game is, and open it. (The best totals on this server
  // may be rows other specs wrote into D1 alone, with no game behind them: rankings-presets.spec.ts.)
  await table.getByRole('button', { name: 'Last played' }).click();
  await expect(table.getByRole('columnheader', { name: 'Last played' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await table.getByRole('link', { name: `Open ${name}'s game` }).click();
  await expect(page).toHaveURL(/\/games\/\d+$/);
  await expect(page.locator('.sheet')).toBeVisible();
});

test.describe('with the roll animation on', () => {
  test.use({ reducedMotion: 'no-preference' });

  const tumbled = (page: Page) => page.evaluate(() => (window as unknown as { tumbled: boolean }).tumbled);

  test('announcing a box throws no dice, for the player or a watcher, and keeps the focus on the box', async ({
    page,
    browser,
  }) => {
    await openPlay(page);
    const name = (await page.locator('.nav-player-name').textContent())?.trim() ?? '';
    await playTurn(page);
    await waitListed(page, name);
    const watcherContext = await browser.newContext({ viewport: DESKTOP });
    const watcher = await watcherContext.newPage();
    try {
      await watcher.goto('/games');
      await watcher
        .getByRole('link', { name: `Open ${name}'s game` })
        .first()
        .click();
      await expect(watcher.locator('.board-live--open')).toBeVisible();

      // A real roll tumbles, here and for the watcher.
      await watchTumbles(watcher);
      await rollButton(page).click();
      await expect(page.locator('.die--tumbling').first()).toBeVisible();
      await expect(page.locator('.die--tumbling')).toHaveCount(0, { timeout: 5000 });
      await expect.poll(() => tumbled(watcher)).toBe(true);
      await expect(watcher.locator('.die--tumbling')).toHaveCount(0, { timeout: 5000 });

      await watchTumbles(page);
      await watchTumbles(watcher);
      const box = page.locator('.sheet-button[aria-label^="Announce"]').nth(2);
      const { column, box: boxType } = await cellOfButton(box);
      await box.focus();
      await page.keyboard.press('Enter');
      const cell = cellOf(page, column, boxType);
      const watchedCell = cellOf(watcher, column, boxType);
      await expect(cell).toHaveClass(/sheet-cell--announced/);
      await expect(watchedCell).toHaveClass(/sheet-cell--announced/);
      const announced = cell.locator('.sheet-button');
      await expect(announced).toBeFocused();
      await expect(announced).toHaveAttribute('aria-label', /^Write/);
      await expect(page.locator('.board-hint')).not.toHaveText('Rolling…');

      // A tumble starts in the effect that follows the render of a new state, and React runs a render's
      // effects before it renders the next state. So once a later state (the fill of the announced box)
      // is on both screens, any tumble the announcement caused has started and been noted. Enter works
      // once the box lock of the announcement has lifted (the box is no longer aria-disabled).
      await expect(announced).toBeEnabled();
      const score = ((await announced.textContent()) ?? '').trim();
      await page.keyboard.press('Enter');
      await expect(cell.locator('.sheet-value')).toHaveText(score);
      await expect(watchedCell.locator('.sheet-value')).toHaveText(score);
      expect(await tumbled(page)).toBe(false);
      expect(await tumbled(watcher)).toBe(false);
    } finally {
      await watcherContext.close();
    }
  });
});

test('score previews never change the height of the sheet', async ({ page }) => {
  await openPlay(page);
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    const height = () => page.locator('.sheet').evaluate((sheet) => sheet.getBoundingClientRect().height);
    const before = await height();
    await roll(page);
    await expect(sheetButtons(page).first()).toBeVisible();
    expect(await height()).toBe(before);
    await fillFirst(page);
    expect(await height()).toBe(before);
  }
});

test('at 360 px the dice and the column names stay on top of the scrolled sheet, with no gap', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await openPlay(page);
  await roll(page);
  await expect(sheetButtons(page).first()).toBeVisible();
  // Nothing on screen may change between two pictures: the roll lock is over.
  await expect(rollButton(page)).not.toHaveAttribute('aria-disabled', 'true');
  for (const share of [0.5, 1]) {
    await page.evaluate((part) => {
      window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * part);
    }, share);
    // From the top of the screen to the bottom of the column names, the picture is the same with the
    // sheet's rows hidden: no row shows through a gap or a see-through part of the bar, dock or names.
    // The header cells stick, not their row.
    const bottom = await page
      .locator('.sheet-head th')
      .first()
      .evaluate((head) => head.getBoundingClientRect().bottom);
    const clip = { x: 0, y: 0, width: MOBILE.width, height: Math.floor(bottom) };
    const withRows = await page.screenshot({ clip });
    const hideRows = await page.addStyleTag({
      content: '.sheet tbody, .sheet tfoot { visibility: hidden; }',
    });
    const withoutRows = await page.screenshot({ clip });
    await hideRows.evaluate((style) => (style as HTMLStyleElement).remove());
    expect(withRows.equals(withoutRows), `rows show through the sticky stack at ${share}`).toBe(true);
    const stack = await page.evaluate(() => {
      const bottom = (selector: string) =>
        document.querySelector(selector)?.getBoundingClientRect() as DOMRect;
      return {
        nav: bottom('.nav').bottom,
        dockTop: bottom('.board-dock').top,
        dock: bottom('.board-dock').bottom,
        head: bottom('.sheet-head th').top,
      };
    });
    expect(stack.dockTop).toBeLessThanOrEqual(stack.nav);
    expect(stack.head).toBeLessThanOrEqual(stack.dock);
  }
});

test('in Croatian the sheet and the rules name the boxes alike, and both screens write percentages alike', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'hr'));
  await page.goto('/');
  const rollHr = page.locator('.roll-button');
  await expect(rollHr).toBeVisible({ timeout: 20_000 });
  const name = (await page.locator('.nav-player-name').textContent())?.trim() ?? '';

  const boxNames = page.locator('tbody th.sheet-box-name .sheet-name-full');
  const expected = ['Jedinice', 'Dvice', 'Trice', 'Četvorke', 'Petice', 'Šestice', 'Max', 'Min'];
  for (const box of [...expected, 'Tris', 'Skala', 'Ful', 'Poker', 'Jamb']) {
    await expect(boxNames.filter({ hasText: new RegExp(`^${box}$`) })).toHaveCount(1);
  }
  await expect(page.locator('.sheet-sum--middle .sheet-name-full')).toHaveText('Jedinice × (Max − Min)');
  await expect(page.locator('.board-chip').filter({ hasText: 'Popunjeno' })).toHaveText('Popunjeno 0\u00a0%');

  // One box filled: the board and the games table write the same percentage.
  await rollHr.click();
  await page.locator('.sheet-cell--fill .sheet-button').first().click();
  await expect(page.locator('.sheet-value')).toHaveCount(1);
  const chip = page.locator('.board-chip').filter({ hasText: 'Popunjeno' });
  await expect(chip).not.toHaveText('Popunjeno 0\u00a0%');
  const percent = ((await chip.textContent()) ?? '').replace('Popunjeno ', '');
  expect(percent).toMatch(/^\d+\u00a0%$/);
  // The games index follows the room about a second later.
  await waitListed(page, name);
  const link = page.getByRole('link', { name: `Otvorite igru igrača ${name}` });
  await expect
    .poll(
      async () => {
        await page.goto('/games');
        await expect(link.first()).toBeVisible();
        return page.getByRole('row').filter({ has: link }).first().locator('.games-progress').textContent();
      },
      { timeout: 15_000 },
    )
    .toBe(percent);

  await page.goto('/about#rules');
  const rules = page.locator('.rules');
  await expect(
    rules.getByText('Jedinice, Dvice, Trice, Četvorke, Petice, Šestice', { exact: false }),
  ).toBeVisible();
  for (const box of ['Jedinice do Šestice', 'Max', 'Min', 'Tris', 'Skala', 'Ful', 'Poker', 'Jamb']) {
    await expect(rules.getByRole('rowheader', { name: box, exact: true })).toBeVisible();
  }
  await expect(rules).not.toContainText(/Dvojke|Trojke|Maksimum|Minimum/);
});
