import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { rollButton } from './playScreen';

// DESIGN.md "First visit": a visitor who has never signed in reaches an enabled roll button through
// the session probe and the guest registration, whose answer carries their game, with no failed request and
// nothing else in between (no /api/health before the registration: the probe carries what it needs). On a
// phone far from the database each request that waits on another is a round trip across an ocean, so the
// longest such chain before the roll is at most 2 for a new visitor and 1 for a returning player. Only
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

test('a visitor who never signed in reaches the roll with the probe and the guest, who brings the game, no failure', async ({
  browser,
}) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto('/');
  await expect(rollButton(page)).toBeEnabled({ timeout: 20_000 });

  const sequence = ['GET /api/auth/session 200', 'POST /api/auth/register-guest 201'];
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

/** An /api request: where its start and its end fell in the order of the page's network events. */
interface Timed {
  line: string;
  /** Wall-clock ms, as the page's performance.timeOrigin is. */
  at: number;
  started: number;
  ended: number;
}

/**
 * Records each /api request's start and end in the order the browser reports them, and the moment the
 * roll button is first enabled (a MutationObserver in the page, on its own clock), so a test can say which
 * requests came before the roll and which of them waited on another.
 */
async function timeRequests(page: Page): Promise<Timed[]> {
  await page.addInitScript(() => {
    const marked = window as unknown as { rollEnabledAt?: number };
    const observer = new MutationObserver(() => {
      const button = document.querySelector<HTMLButtonElement>('button.roll-button');
      if (!button || button.disabled || marked.rollEnabledAt !== undefined) return;
      marked.rollEnabledAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
  const timed: Timed[] = [];
  const starts = new Map<Request, number>();
  let order = 0;
  page.on('request', (request) => starts.set(request, order++));
  page.on('requestfinished', (request) => {
    const ended = order++;
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/')) return;
    const line = `${request.method()} ${path}`;
    timed.push({ line, at: request.timing().startTime, started: starts.get(request) ?? -1, ended });
  });
  return timed;
}

/** The /api requests of the page now shown that started before its roll button was enabled. */
async function beforeRoll(page: Page, timed: Timed[]): Promise<Timed[]> {
  await page.waitForFunction(
    () => (window as unknown as { rollEnabledAt?: number }).rollEnabledAt !== undefined,
  );
  const [origin, enabledAt] = await page.evaluate(() => [
    performance.timeOrigin,
    (window as unknown as { rollEnabledAt: number }).rollEnabledAt,
  ]);
  return timed.filter((request) => request.at >= origin && request.at < origin + enabledAt);
}

/** The longest run of requests each started after the one before it had answered: the serial round trips. */
function longestChain(requests: Timed[]): string[] {
  const sorted = [...requests].sort((a, b) => a.started - b.started);
  const chains: string[][] = [];
  sorted.forEach((request) => {
    const waitedOn = chains
      .filter((_, j) => (sorted[j] as Timed).ended < request.started)
      .reduce<string[]>((longest, chain) => (chain.length > longest.length ? chain : longest), []);
    chains.push([...waitedOn, request.line]);
  });
  return chains.reduce<string[]>((longest, chain) => (chain.length > longest.length ? chain : longest), []);
}

test('the roll waits on two round trips for a new visitor and on one for a returning player', async ({
  browser,
}) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const timed = await timeRequests(page);

  await page.goto('/');
  await expect(rollButton(page)).toBeEnabled({ timeout: 20_000 });
  const first = longestChain(await beforeRoll(page, timed));
  expect(first, first.join(' → ')).toEqual(['GET /api/auth/session', 'POST /api/auth/register-guest']);

  // The same player comes back: the session probe brings their game along, and nothing else goes first.
  await page.reload();
  await expect(rollButton(page)).toBeEnabled({ timeout: 20_000 });
  const returning = await beforeRoll(page, timed);
  expect(longestChain(returning)).toEqual(['GET /api/auth/session']);
  expect(returning.map((request) => request.line)).toEqual(['GET /api/auth/session']);

  // The game it rolls is the one the registration made: the first roll is answered by that game.
  await rollButton(page).click();
  await expect(page.getByRole('button', { name: /^Roll 1\/3$/ })).toBeVisible();
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
