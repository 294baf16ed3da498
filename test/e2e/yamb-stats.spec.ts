import type { ColumnType } from '../../game';
import type { PlayerYambStats } from '../../contract/players';
import { finishGames } from './finishedGames';
import { expect, test } from './fixtures';
import { newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// A player's Yamb figures on their page (issue 25 item 27, what players looked for): Yambs rolled, the top
// bonus rate, the best column and each column's average, over their finished games, in both languages.

const run = Date.now().toString(36).slice(-6);

let eva: Player;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  eva = await newPlayer(browser, `Eva${run}`);
  await finishGames(eva, 1);
});

test.afterAll(async () => {
  await eva?.context.close();
});

test("a player's page shows their Yamb figures, as the server reckons them, at 1280 and 360 px", async () => {
  const stats = (await (
    await eva.context.request.get(`/api/players/${eva.id}/yamb-stats`)
  ).json()) as PlayerYambStats;
  expect(stats.games).toBe(1);
  const page = eva.page;
  await open(page, `/players/${eva.id}`);
  const section = page.getByRole('region', { name: 'At the sheet' });
  await expect(section.getByText('Over the latest finished game')).toBeVisible();
  const figure = (label: string) =>
    section.locator('.figure', { has: page.getByText(label, { exact: true }) });
  await expect(figure('Yambs rolled').locator('dd')).toHaveText(String(stats.yambs));
  await expect(figure('Top bonus earned').locator('dd')).toHaveText(`${Math.round(stats.bonusRate * 100)}%`);
  const names: Partial<Record<ColumnType, string>> = {
    DOWNWARDS: 'Downwards',
    UPWARDS: 'Upwards',
    FREE: 'Free',
    ANNOUNCEMENT: 'Announcement',
  };
  await expect(figure('Best column').locator('dd')).toHaveText(names[stats.bestColumn!] ?? '');
  const table = section.getByRole('table', { name: 'Average per column' });
  for (const [column, name] of Object.entries(names)) {
    const row = table.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row.getByRole('cell')).toHaveText(
      new Intl.NumberFormat('en-US').format(stats.columnAverages[column as ColumnType] ?? NaN),
    );
  }
  await page.setViewportSize(PHONE);
  await expect(table).toBeVisible();
  const box = await section.boundingBox();
  const tableBox = await table.boundingBox();
  expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
  await noSidewaysScroll(page);

  const reply = await eva.context.request.put(`/api/players/${eva.id}/preferences`, {
    data: { language: 'hr', theme: 'light' },
  });
  expect(reply.ok()).toBe(true);
  await open(page, `/players/${eva.id}`);
  const hr = page.getByRole('region', { name: 'Za listićem' });
  await expect(hr.getByText('Posljednja završena igra')).toBeVisible();
  await expect(hr.getByRole('table', { name: 'Prosjek po stupcu' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-lists/yamb-stats-hr-360.png', fullPage: true });
});
