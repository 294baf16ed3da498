import type { Page } from '@playwright/test';
import type { DailyResource } from '../../contract/daily';
import { expect, test } from './fixtures';
import { DESKTOP, makeAdmin, newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// Daily fair play in the browser: a new registered player opens /daily and reads why their
// score would not be ranked and how to change that, yet may play; once their day's game is deleted by an
// admin (here they are the admin) the day shows as played and offers no second start; the About page's
// rules say plainly what the same dice for everyone cannot stop, and who is ranked.

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);
const THEMES = ['dark', 'light'] as const;

let eve: Player;

test.beforeAll(async ({ browser }) => {
  eve = await newPlayer(browser, `drank${run}`);
});

test.afterAll(async () => {
  await eve?.context.close();
});

/** Screenshots of the page as it stands, in both themes (switched in place), at 1280 and 360 px wide. */
async function screenshots(page: Page, name: string, fullPage: boolean, before?: () => Promise<void>) {
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['360', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await before?.();
    await noSidewaysScroll(page);
    for (const theme of THEMES) {
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
      }, theme);
      await page.screenshot({ path: `test-results/${name}-${size}-${theme}.png`, fullPage });
    }
  }
  await page.setViewportSize(DESKTOP);
}

const playButton = (page: Page) => page.getByRole('button', { name: 'Play today’s Yamb' });

test('a new player is told on /daily which conditions keep their score out of the ranking, and may play', async () => {
  const { page } = eve;
  await open(page, '/daily');
  const note = page.getByTestId('daily-unranked');
  await expect(note).toHaveText(
    'Your score counts in today’s ranking once your account is 7 days old (7 days to go), your e-mail is ' +
      'verified, and you have completed 3 games (0 so far). Verify your e-mail on your profile.',
  );
  await expect(note.getByRole('link', { name: 'Verify your e-mail on your profile.' })).toHaveAttribute(
    'href',
    '/profile',
  );
  await expect(playButton(page)).toBeVisible();
  const who = page.locator('.daily-ranking').first();
  await expect(who).toContainText(
    'Ranked: accounts at least 7 days old, with a verified e-mail and 3 completed',
  );
  await expect(who.getByRole('link', { name: 'Why?' })).toHaveAttribute('href', '/about#rules');

  const today = (await (await page.request.get('/api/daily')).json()) as DailyResource;
  expect(today.eligibility).toEqual({
    ranked: false,
    unrankedReasons: ['account-too-new', 'email-unverified', 'too-few-games'],
    accountDaysToGo: 7,
    completedGames: 0,
  });
  await screenshots(page, 'daily-unranked', true);
});

test('a daily game its admin deleted leaves the day played: no Play button, and a new start is 409', async () => {
  const { page } = eve;
  await makeAdmin(eve);
  const started = await page.request.post('/api/daily/games');
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  await page.request.put(`/api/games/${id}/roll`, { data: {} });
  expect((await page.request.delete(`/api/games/${id}`)).status()).toBe(204);

  await open(page, '/daily');
  await expect(page.getByTestId('daily-played')).toContainText('You have played today’s game');
  await expect(playButton(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveCount(0);
  const again = await page.request.post('/api/daily/games');
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { key: string }).key).toBe('daily-played');
});

test('the rules say that a second account can learn the dice, that it is banned, and who is ranked', async ({
  browser,
}) => {
  const { page } = eve;
  await open(page, '/about#rules');
  const heading = page.getByRole('heading', { name: 'Daily Yamb and fair play' });
  await expect(heading).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('everyone gets the same dice for the same choices');
  await expect(panel).toContainText('like a Wordle answer told by a friend');
  await expect(panel).toContainText('accounts used for it are banned');
  await expect(panel).toContainText(
    'only accounts at least 7 days old, with a verified e-mail and at least 3 completed games of any kind',
  );
  await screenshots(page, 'about-daily-fair-play', false, () => heading.evaluate((h) => h.scrollIntoView()));

  // In Croatian too, for a visitor whose browser asks for it.
  const croatian = await browser.newContext({ viewport: PHONE });
  await croatian.addInitScript(() => window.localStorage.setItem('i18nextLng', 'hr'));
  const hr = await croatian.newPage();
  await open(hr, '/about#rules');
  const naslov = hr.getByRole('heading', { name: 'Dnevni Yamb i poštena igra' });
  await expect(naslov).toBeVisible();
  await expect(hr.getByRole('tabpanel')).toContainText('kao kad vam prijatelj oda rješenje Wordlea');
  await naslov.evaluate((h) => h.scrollIntoView());
  await hr.screenshot({ path: 'test-results/about-daily-fair-play-hr-360.png' });
  await croatian.close();

  // Eve's day in Croatian: played, and why it is not ranked.
  await open(page, '/settings');
  // The choice is saved to the account, which the next load applies.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/preferences') && r.request().method() !== 'GET',
  );
  await page.locator('#settings-language').selectOption('hr');
  expect((await saved).ok()).toBe(true);
  await open(page, '/daily');
  await expect(page.getByTestId('daily-played')).toContainText('Današnju igru ste odigrali');
  await expect(page.getByTestId('daily-unranked')).toContainText(
    'Vaš rezultat ulazi u današnji poredak kad vaš račun bude star 7 dana (još 7 dana), vaša e-pošta ' +
      'bude potvrđena i završite 3 igre (dosad 0).',
  );
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'test-results/daily-played-hr-360.png', fullPage: true });
});
