import type { Page } from '@playwright/test';
import { PRESETS } from '../../game/rules';
import { d1 } from './d1';
import { expect, test } from './fixtures';
import { DESKTOP, newPlayer, noSidewaysScroll, open, type Player } from './players';

// Issue 27: the rankings are per preset (a selector above every tab but the daily one, which is always
// classic), a custom game is ranked nowhere, and a player's page shows their best, average and rating
// per preset. Dana's games are written into D1: a CLASSIC 260, BALKAN 1190 and 1010, a custom 4321, and
// three rated BALKAN clashes (rating 1600); no CLASSIC rating.

const run = Date.now().toString(36).slice(-6);
const CUSTOM = { dice: 5, columns: ['DOWNWARDS', 'FREE', 'HAND'], straight: 'CLASSIC' };
const RULES: Record<string, string> = {
  "'CLASSIC'": 'NULL',
  "'BALKAN'": `'${JSON.stringify(PRESETS.BALKAN)}'`,
  NULL: `'${JSON.stringify(CUSTOM)}'`,
};
const NARROW = { width: 320, height: 700 };
let dana: Player;

test.beforeAll(async ({ browser }) => {
  dana = await newPlayer(browser, `Preset${run}`);
  const id = Math.trunc(dana.id);
  const now = Date.now();
  // A game's row says its rules as the server writes them: the preset's name (null for a custom set) and
  // the rule set itself (null for CLASSIC).
  const score = (value: number, preset: string, ago: number) =>
    `INSERT INTO games (player_id, status, total_sum, progress, preset, rules, created_at, updated_at)
       VALUES (${id}, 'ARCHIVED', ${value}, 100, ${preset}, ${RULES[preset]}, ${now - ago - 60_000}, ${now - ago});
     INSERT INTO scores (player_id, game_id, value, preset, created_at)
       VALUES (${id}, last_insert_rowid(), ${value}, ${preset}, ${now - ago});`;
  d1(
    [
      score(260, "'CLASSIC'", 1000),
      score(1190, "'BALKAN'", 2000),
      score(1010, "'BALKAN'", 3000),
      score(4321, 'NULL', 4000),
      ...[1, 2, 3].map(
        (i) =>
          `INSERT INTO clashes (name, owner_id, status, preset, created_at, updated_at) VALUES ('balkan-${run}-${i}', ${id}, 'COMPLETED', 'BALKAN', ${now - i * 60_000}, ${now - i * 60_000});`,
      ),
      `INSERT INTO rating_changes (clash_id, player_id, preset, place, mu_before, sigma_before, mu_after, sigma_after, created_at)
       SELECT id, ${id}, 'BALKAN', 1, 25, 8, 25 + (created_at % 3), 7, created_at FROM clashes WHERE name LIKE 'balkan-${run}-%';`,
      `INSERT INTO player_ratings (player_id, preset, mu, sigma, rated_clashes) VALUES (${id}, 'BALKAN', 27, 6, 3);`,
    ].join('\n'),
  );
});

test.afterAll(async () => {
  await dana?.context.close();
});

/** The box of `locator` lies inside the window's width. */
async function insideWindow(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, selector).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test('the rankings filter by preset; a custom game is in none; the daily tab is classic', async () => {
  const page = dana.page;
  await page.setViewportSize(NARROW);
  await open(page, '/rankings');
  const rules = page.getByLabel('Rules');
  await expect(rules).toHaveValue('CLASSIC');
  await insideWindow(page, '.preset-select');
  await insideWindow(page, '.preset-select select');
  // Dana's best of all time in CLASSIC is 260: not the BALKAN 1190, not the custom 4321.
  const mine = page.locator('.ranking-mine');
  await expect(mine.locator('.ranking-mine-value')).toHaveText('260');
  await noSidewaysScroll(page);

  await rules.selectOption('BALKAN');
  await expect(page).toHaveURL(/preset=BALKAN/);
  await expect(mine.locator('.ranking-mine-value')).toHaveText('1,190');
  const row = (value: string) =>
    page.locator('tbody tr').filter({ hasText: dana.name }).filter({ hasText: value });
  await expect(row('1,190')).toHaveCount(1);
  await expect(row('1,010')).toHaveCount(1);
  await expect(page.locator('tbody tr').filter({ hasText: '4,321' })).toHaveCount(0);
  await noSidewaysScroll(page);

  // The rating tab keeps the preset: Dana is rated in BALKAN only.
  await page.getByRole('tab', { name: 'Rating' }).click();
  await expect(page).toHaveURL(/preset=BALKAN/);
  const rated = page.locator('tbody tr').filter({ hasText: dana.name });
  await expect(rated).toHaveCount(1);
  await expect(rated.locator('.rating-badge [aria-hidden]')).toHaveText('1600?');
  await page.getByLabel('Rules').selectOption('CLASSIC');
  // The previous page stays while the next loads: Dana's row goes once CLASSIC's page is in.
  await expect(page).not.toHaveURL(/preset=/);
  await expect(page.locator('tbody tr').filter({ hasText: dana.name })).toHaveCount(0);

  // The daily game is classic for everyone: no selector, a line saying so.
  await page.getByRole('tab', { name: 'Daily' }).click();
  await expect(page.getByLabel('Rules')).toHaveCount(0);
  await expect(page.getByText('The daily game is played with the classic rules')).toBeVisible();
  await insideWindow(page, '.rankings-daily-rules');
  await noSidewaysScroll(page);
});

test("a player's page shows their best, average and rating per preset, custom games apart", async () => {
  const page = dana.page;
  for (const viewport of [NARROW, DESKTOP]) {
    await page.setViewportSize(viewport);
    await open(page, `/players/${dana.id}`);
    const section = page.getByRole('region', { name: 'By rules' });
    const cells = (preset: string) => section.locator(`tr[data-preset="${preset}"] > *`).allTextContents();
    await expect(section.locator('tbody tr')).toHaveCount(3);
    expect(await cells('CLASSIC')).toEqual(['Classic', '1', '260', '260', '–']);
    expect((await cells('BALKAN')).slice(0, 4)).toEqual(['Balkan', '2', '1,190', '1,100']);
    await expect(section.locator('tr[data-preset="BALKAN"] .rating-badge [aria-hidden]')).toHaveText('1600?');
    expect(await cells('custom')).toEqual(['Custom', '1', '4,321', '4,321', '–']);
    // The table stays inside its card at every width.
    const card = await section.boundingBox();
    const table = await section.locator('table').boundingBox();
    expect(table!.x + table!.width).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
    // The rating opens in the preset of most rated clashes, with its history.
    const rating = page.getByRole('region', { name: 'Clash rating' });
    await expect(rating.getByLabel('Rules')).toHaveValue('BALKAN');
    await expect(rating.getByTestId('player-rating-value')).toHaveText('1600');
    await expect(rating.locator('.score-chart-points circle')).toHaveCount(3);
    await rating.getByLabel('Rules').selectOption('CLASSIC');
    await expect(rating.getByTestId('player-rating-value')).toHaveText('1500');
    // Dana's own scores say each game's rules, the custom one "Custom".
    const scores = page.locator('section.player-scores tbody tr');
    await expect(scores.filter({ hasText: '4,321' })).toContainText('Custom');
    await expect(scores.filter({ hasText: '1,190' })).toContainText('Balkan');
    await noSidewaysScroll(page);
  }
});

test('the games and scores lists mark a custom game "Custom", on a phone under its total', async () => {
  const page = dana.page;
  for (const viewport of [NARROW, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const path of ['/games?sort=totalSum&order=DESC', '/scores?sort=value&order=DESC']) {
      await open(page, path);
      const custom = page.locator('tbody tr').filter({ hasText: dana.name }).filter({ hasText: '4,321' });
      await expect(custom).toHaveCount(1);
      const mark = custom.locator('.score-custom:visible');
      await expect(mark).toHaveText('Custom');
      const balkan = page.locator('tbody tr').filter({ hasText: dana.name }).filter({ hasText: '1,190' });
      await expect(balkan).toContainText('Balkan');
      // On a phone the mark stands in the total's cell, inside the window.
      const box = await mark.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await noSidewaysScroll(page);
    }
  }
});
