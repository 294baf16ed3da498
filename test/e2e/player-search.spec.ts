import { expect, test } from './fixtures';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// The navigation's search box finds players (issue 25 item 27, what players looked for): typed, it lists
// the registered players whose name holds the text, those starting with it first, each a link to their
// page; the keyboard reaches them; a guest is never among them; in English and in Croatian.

test.describe.configure({ mode: 'serial' });

// A letter first: the player whose name starts with the text is listed before the one who only holds it.
const run = `x${Date.now().toString(36).slice(-5)}`;

let ana: Player;
let starts: Player;

test.beforeAll(async ({ browser }) => {
  ana = await newPlayer(browser, `Ana${run}`);
  starts = await newPlayer(browser, `${run}Zed`);
});

test.afterAll(async () => {
  await ana?.context.close();
  await starts?.context.close();
});

test('typing a name lists the players who hold it, as links; the keyboard opens one', async () => {
  const page = ana.page;
  await open(page, '/rankings');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const box = nav.getByRole('searchbox', { name: 'Search' });
  await box.fill(run.toUpperCase());
  const results = nav.getByRole('list', { name: 'Players found' });
  await expect(results.locator('.nav-search-name')).toHaveText([starts.name, ana.name]);
  await expect(nav.getByRole('status')).toHaveText('2 players');

  // ArrowDown to the first result, down to the second, Enter opens that player's page.
  await box.press('ArrowDown');
  await expect(results.getByRole('link', { name: starts.name })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(results.getByRole('link', { name: ana.name })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/players/${ana.id}$`));
  await expect(box).toHaveValue('');
  await expect(results).toHaveCount(0);

  // Enter in the box opens the first result; a text nobody holds says so.
  await box.fill(`${run}z`);
  await expect(results.locator('.nav-search-name')).toHaveText([starts.name]);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/players/${starts.id}$`));
  await box.fill(`zz${run}nobody`);
  await expect(nav.getByRole('status')).toHaveText(`No player’s name holds “zz${run}nobody”`);
  await box.press('Escape');
  await expect(box).toHaveValue('');
});

test('on a phone the search is in the menu; in Croatian it speaks Croatian', async () => {
  const reply = await ana.context.request.put(`/api/players/${ana.id}/preferences`, {
    data: { language: 'hr', theme: 'light' },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const page = ana.page;
  await page.setViewportSize(PHONE);
  await open(page, '/rankings');
  await page.getByRole('button', { name: 'Otvorite izbornik' }).click();
  const nav = page.getByRole('navigation', { name: 'Glavna navigacija' });
  const box = nav.getByRole('searchbox', { name: 'Pretraživanje' });
  await box.fill(run);
  const results = nav.getByRole('list', { name: 'Pronađeni igrači' });
  await expect(results.getByRole('link')).toHaveCount(2);
  await expect(nav.getByRole('status')).toHaveText('2 igrača');
  // Every result inside the menu's width, nothing sideways.
  const menu = await nav.boundingBox();
  for (const link of await results.getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(menu!.x - 0.5);
    expect(box!.x + box!.width).toBeLessThanOrEqual(menu!.x + menu!.width + 0.5);
  }
  await noSidewaysScroll(page);
  await results.getByRole('link', { name: starts.name }).click();
  await expect(page).toHaveURL(new RegExp(`/players/${starts.id}$`));
  await expect(nav).toBeHidden();
  await page.setViewportSize(DESKTOP);
  await ana.context.request.put(`/api/players/${ana.id}/preferences`, {
    data: { language: 'en-US', theme: 'dark' },
  });
});
