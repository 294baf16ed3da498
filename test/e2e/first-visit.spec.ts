import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { rollButton } from './playScreen';

// DESIGN.md "First visit": a visitor who has never signed in reaches an enabled roll button through
// the session probe, the guest registration and their game, one after another, with no failed request and
// nothing else in between (no /api/health before the registration: the probe carries what it needs). Only
// the chosen language's strings are fetched: an English visitor never loads the Croatian chunk, a Croatian
// one sees Croatian from the first render, and choosing a language fetches its strings then.

interface Seen {
  /** `METHOD path status`, in the order the answers came. */
  answers: string[];
  /** Every asset path the page asked for. */
  assets: string[];
}

function watch(page: Page): Seen {
  const seen: Seen = { answers: [], assets: [] };
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) seen.assets.push(path);
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/'))
      seen.answers.push(`${response.request().method()} ${path} ${response.status()}`);
  });
  return seen;
}

test('a visitor who never signed in reaches the roll with the probe, the guest and the game, no failure', async ({
  browser,
}) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto('/');
  await expect(rollButton(page)).toBeEnabled({ timeout: 20_000 });

  const sequence = ['GET /api/auth/session 200', 'POST /api/auth/register-guest 201', 'PUT /api/games/ 200'];
  const at = sequence.map((answer) => seen.answers.indexOf(answer));
  expect(
    at.every((index) => index >= 0),
    seen.answers.join(', '),
  ).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
  // Nothing before the registration but the probe: no 401 from /players/me, no refresh, no logout, no health.
  expect(seen.answers.slice(0, at[1])).toEqual(['GET /api/auth/session 200']);
  expect(seen.answers.filter((answer) => / [45]\d\d$/.test(answer))).toEqual([]);
  // English: the Croatian strings stay on the server.
  expect(seen.assets.filter((path) => /\/hr-[\w-]+\.js$/.test(path))).toEqual([]);
  await context.close();
});

test('a Croatian visitor sees Croatian from the first render, its strings fetched once', async ({
  browser,
}) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'hr'));
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Bacite \d\/3$/ })).toBeEnabled({ timeout: 20_000 });
  expect(seen.assets.filter((path) => /\/hr-[\w-]+\.js$/.test(path))).toHaveLength(1);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hr');
  await context.close();
});

test('choosing Croatian fetches its strings then, and the toast says so in Croatian', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto('/settings');
  await page.getByLabel('Language').selectOption({ label: 'Hrvatski' });
  await expect(page.getByText('Jezik promijenjen u: Hrvatski')).toBeVisible();
  expect(seen.assets.filter((path) => /\/hr-[\w-]+\.js$/.test(path))).toHaveLength(1);
  await context.close();
});
