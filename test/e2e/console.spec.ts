import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { rollButton } from './playScreen';
import { settle, watchTrouble, type Trouble } from './trouble';

// A clean console: the everyday flows log no error and no failed request. DESIGN.md "First visit": a
// visitor without cookies is no error (the session probe answers 200 with no player), a new account's
// preferences are sent rather than asked for, and a missing game shows its page without a socket (a whole
// game played without a failure is play.spec.ts's whole game). Every test collects console errors, answers
// of 400 and more and requests that failed on the way (trouble.ts), and expects none (the missing game:
// only its own 404).

const DESKTOP = { width: 1280, height: 800 };

/** A fresh browser with no cookies and nothing stored, and the trouble it meets. */
async function freshVisitor(browser: Browser) {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP });
  const trouble = watchTrouble(context);
  const page = await context.newPage();
  return { context, page, trouble };
}

/**
 * Opens the play screen and waits for its requests to end: a navigation away would abort any still in
 * flight (net::ERR_ABORTED), which is the test leaving, not a failure a player meets.
 */
async function openPlay(page: Page, trouble: Trouble) {
  await page.goto('/');
  await expect(rollButton(page)).toBeEnabled({ timeout: 20_000 });
  await settle(page, trouble);
}

test('a first visit without cookies starts as a guest ready to roll, with no failed request', async ({
  browser,
}) => {
  const { context, page, trouble } = await freshVisitor(browser);
  await openPlay(page, trouble);
  expect(trouble.lines).toEqual([]);
  // The probe that says "no session" is the session route, which answers 200.
  const guest = trouble.requests.indexOf('POST /api/auth/register-guest');
  expect(guest).toBeGreaterThan(trouble.requests.indexOf('GET /api/auth/session'));
  expect(trouble.requests.indexOf('GET /api/auth/session')).toBeGreaterThanOrEqual(0);
  // /api/players/me (a 401 without a session) is not how the session starts.
  expect(trouble.requests.slice(0, guest)).not.toContain('GET /api/players/me');
  await context.close();
});

test('a sign-up lands on the profile saying where the verification link went, sends it again, and logs no failure', async ({
  browser,
}) => {
  const { context, page, trouble } = await freshVisitor(browser);
  const run = Date.now().toString(36).slice(-7);
  const account = { username: `con${run}`, email: `con${run}@example.com`, password: 'dice-123' };
  await openPlay(page, trouble);
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('E-mail (optional)').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const savedPreferences = page.waitForResponse(
    (response) => /\/preferences$/.test(response.url()) && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  // Signed in already (the guest became the account), the player goes on from the profile.
  await expect(page).toHaveURL(/\/profile$/);
  const notice = page.getByRole('status').filter({ hasText: 'c…@example.com' });
  await expect(notice).toContainText('We sent a link to c…@example.com');
  await expect(notice).not.toContainText(account.email);
  // The new account's preferences are the guest's, sent at once: never asked for before they exist.
  expect((await savedPreferences).status()).toBe(200);

  const resent = page.waitForResponse((response) =>
    response.url().endsWith('/api/auth/email-verification-token'),
  );
  await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
  expect((await resent).status()).toBeLessThan(300);
  await expect(page.getByText(`Verification e-mail sent to ${account.email}`)).toBeVisible();

  await settle(page, trouble);
  expect(trouble.lines).toEqual([]);
  await context.close();
});

test('a game that does not exist shows its page without trying a socket', async ({ browser }) => {
  const { context, page, trouble } = await freshVisitor(browser);
  await openPlay(page, trouble);
  await page.goto('/games/999999');
  await expect(page.getByText('There is no game 999999.')).toBeVisible();
  await settle(page, trouble);
  expect(trouble.sockets.filter((url) => url.includes('/api/ws/games/999999'))).toEqual([]);
  // The game's own 404 is the answer the page shows, and Chromium logs it as a failed resource: that
  // answer and nothing else.
  const others = trouble.lines.filter((line) => !line.includes('/api/games/999999'));
  expect(others).toEqual([]);
  expect(trouble.lines.filter((line) => line.startsWith('404 GET'))).toHaveLength(1);
  await context.close();
});
