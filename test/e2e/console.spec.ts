import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cellOfButton, roll, rollButton } from './playScreen';

// A clean console: the everyday flows log no error and no failed request. DESIGN.md "First visit": a
// visitor without cookies is no error (the session probe answers 200 with no player), a new account's
// preferences are sent rather than asked for, a missing game shows its page without a socket, and a whole
// game is played without a failure. Every test collects console errors, answers of 400 and more and
// requests that failed on the way, and expects none (the missing game: only its own 404).

const DESKTOP = { width: 1280, height: 800 };
const cellOf = (page: Page, column: string, box: string) =>
  page.locator(`td.sheet-cell[data-column="${column}"][data-box="${box}"]`);

interface Trouble {
  /** One line per console error, answer of 400 or more, and failed request, in the order they came. */
  lines: string[];
  /** Every request the pages made, as `METHOD path`. */
  requests: string[];
  /** The URLs of the WebSockets the pages opened. */
  sockets: string[];
}

/** Collects what went wrong in every page of `context` from now on. */
function watch(context: BrowserContext): Trouble {
  const trouble: Trouble = { lines: [], requests: [], sockets: [] };
  const follow = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      trouble.lines.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('request', (request) => {
      trouble.requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400)
        trouble.lines.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      trouble.lines.push(
        `failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`,
      );
    });
    page.on('websocket', (socket) => trouble.sockets.push(socket.url()));
  };
  context.pages().forEach(follow);
  context.on('page', follow);
  return trouble;
}

/** A fresh browser with no cookies and nothing stored, and the trouble it meets. */
async function freshVisitor(browser: Browser) {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP });
  const trouble = watch(context);
  const page = await context.newPage();
  return { context, page, trouble };
}

/** Lets the last console messages and answers of the page arrive before they are judged. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => undefined);
}

async function openPlay(page: Page) {
  await page.goto('/');
  await expect(rollButton(page)).toBeEnabled({ timeout: 20_000 });
}

/** Fills the first box that may be filled (the FREE column first when it can), announcing when it must. */
async function fillFirst(page: Page) {
  const fill = page.locator('.sheet-button[aria-label^="Write"]');
  const announce = page.locator('.sheet-button[aria-label^="Announce"]');
  await expect(page.locator('.sheet-button').first()).toBeVisible();
  if ((await fill.count()) === 0) {
    await expect(rollButton(page)).toBeDisabled();
    const { column, box } = await cellOfButton(announce.first());
    await announce.first().click();
    await expect(cellOf(page, column, box)).toHaveClass(/sheet-cell--announced/);
  }
  const free = page.locator('td.sheet-cell[data-column="FREE"] .sheet-button[aria-label^="Write"]');
  const button = (await free.count()) > 0 ? free.first() : fill.first();
  await expect(button).toBeEnabled();
  const { column, box } = await cellOfButton(button);
  await button.click();
  await expect(cellOf(page, column, box).locator('.sheet-value')).toBeVisible();
}

test('a first visit without cookies starts as a guest ready to roll, with no failed request', async ({
  browser,
}) => {
  const { context, page, trouble } = await freshVisitor(browser);
  await openPlay(page);
  await settle(page);
  expect(trouble.lines).toEqual([]);
  // The probe that says "no session" is the session route, which answers 200.
  const guest = trouble.requests.indexOf('POST /api/auth/register-guest');
  expect(guest).toBeGreaterThan(trouble.requests.indexOf('GET /api/auth/session'));
  expect(trouble.requests.indexOf('GET /api/auth/session')).toBeGreaterThanOrEqual(0);
  // /api/players/me (a 401 without a session) is not how the session starts.
  expect(trouble.requests.slice(0, guest)).not.toContain('GET /api/players/me');
  await context.close();
});

test('a sign-up says where the verification link went, sends it again, and logs no failure', async ({
  browser,
}) => {
  const { context, page, trouble } = await freshVisitor(browser);
  const run = Date.now().toString(36).slice(-7);
  const account = { username: `con${run}`, email: `con${run}@example.com`, password: 'dice-123' };
  await openPlay(page);
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('E-mail (optional)').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const savedPreferences = page.waitForResponse(
    (response) => /\/preferences$/.test(response.url()) && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  await expect(page).toHaveURL(/\/login$/);
  const notice = page.getByRole('status').filter({ hasText: 'c…@example.com' });
  await expect(notice).toContainText('We sent a link to c…@example.com');
  await expect(notice).not.toContainText(account.email);
  await expect(page.getByLabel('Username or e-mail')).toHaveValue(account.username);
  // The new account's preferences are the guest's, sent at once: never asked for before they exist.
  expect((await savedPreferences).status()).toBe(200);

  const resent = page.waitForResponse((response) =>
    response.url().endsWith('/api/auth/email-verification-token'),
  );
  await notice.getByRole('button', { name: 'Send it again' }).click();
  expect((await resent).status()).toBeLessThan(300);
  await expect(notice).toContainText('The link was sent again to c…@example.com.');

  await settle(page);
  expect(trouble.lines).toEqual([]);
  await context.close();
});

test('a game that does not exist shows its page without trying a socket', async ({ browser }) => {
  const { context, page, trouble } = await freshVisitor(browser);
  await openPlay(page);
  await page.goto('/games/999999');
  await expect(page.getByText('There is no game 999999.')).toBeVisible();
  await settle(page);
  expect(trouble.sockets.filter((url) => url.includes('/api/ws/games/999999'))).toEqual([]);
  // The game's own 404 is the answer the page shows, and Chromium logs it as a failed resource: that
  // answer and nothing else.
  const others = trouble.lines.filter((line) => !line.includes('/api/games/999999'));
  expect(others).toEqual([]);
  expect(trouble.lines.filter((line) => line.startsWith('404 GET'))).toHaveLength(1);
  await context.close();
});

test('a whole solo game, to the congratulations and a new game, logs no failure', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page, trouble } = await freshVisitor(browser);
  await openPlay(page);
  for (let filled = 0; filled < 52; filled++) {
    await roll(page);
    await fillFirst(page);
  }
  const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'New game' }).click();
  await expect(dialog).toBeHidden();
  await expect(rollButton(page)).toHaveText(/0\/3/);
  await settle(page);
  expect(trouble.lines).toEqual([]);
  await context.close();
});
