import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newPlayer, open, PASSWORD, PHONE } from './players';
import { rollButton } from './playScreen';

// A session the server ended (here a password changed on another device) does not turn the tab into a
// new guest without a word: the tab says the player was signed out, and why, in the player's language,
// whether its live connection hears of it at once or the next visit finds the session gone.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);
const roleIs = (page: Page, role: string) =>
  expect(page.getByRole('banner').locator('.nav-player-role')).toHaveText(role);

/**
 * Another device signs in as `name` and changes the password: every other session ends. The device's
 * request context is given the test's `baseURL` (its worker's server, fixtures.ts), not the config's.
 */
async function changePasswordElsewhere(request: APIRequestContext, name: string) {
  const signedIn = await request.post('/api/auth/token', { data: { identifier: name, password: PASSWORD } });
  expect(signedIn.ok()).toBe(true);
  const changed = await request.put('/api/auth/password-reset', {
    data: { oldPassword: PASSWORD, newPassword: 'other-789' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

test('an open tab is told it was signed out because the password was changed elsewhere', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const ana = await newPlayer(browser, `Out${run}`);
  // The page's clock runs on its own until the test moves it past a plain toast's 3 s.
  await ana.page.clock.install();
  await open(ana.page, '/');
  await roleIs(ana.page, 'Player');
  const device = await playwright.request.newContext({ baseURL });
  await changePasswordElsewhere(device, ana.name);

  const told = ana.page.locator('.toast').filter({ hasText: 'You were signed out' });
  await expect(told).toHaveText(
    'You were signed out because the password of this account was changed. Please sign in with the new one.',
    { timeout: 15_000 },
  );
  // It stays long enough to be read (a plain toast goes after 3 s), and the tab goes on as a guest.
  await roleIs(ana.page, 'Guest');
  await ana.page.clock.fastForward(4000);
  await expect(told).toBeVisible();
  await device.dispose();
  await ana.context.close();
});

test('a tab opened after the session ended says so in Croatian, then plays as a guest', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const iva = await newPlayer(browser, `Odj${run}`, PHONE);
  await iva.page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'hr'));
  await open(iva.page, '/');
  const named = (page: Page) => page.getByRole('banner').getByRole('link', { name: iva.name });
  await expect(named(iva.page)).toBeVisible();
  await iva.page.close();

  const device = await playwright.request.newContext({ baseURL });
  await changePasswordElsewhere(device, iva.name);
  const page = await iva.context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'hr'));
  await open(page, '/');
  const told = page.locator('.toast').filter({ hasText: 'Odjavljeni ste' });
  await expect(told).toHaveText(
    'Odjavljeni ste jer je lozinka ovog računa promijenjena. Prijavite se novom lozinkom.',
    { timeout: 15_000 },
  );
  await expect(named(page)).toHaveCount(0);
  // The message fits the phone's width.
  const box = await told.boundingBox();
  expect(box).not.toBeNull();
  if (box) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await device.dispose();
  await iva.context.close();
});

test('a roll refused because the session ended elsewhere signs the tab out and says why', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const eva = await newPlayer(browser, `Rol${run}`);
  // No live connection here (its sockets go nowhere): the roll is the first to meet the ended session.
  await eva.page.routeWebSocket(/\/api\/ws\//, () => undefined);
  await open(eva.page, '/');
  await roleIs(eva.page, 'Player');
  await expect(rollButton(eva.page)).toBeEnabled({ timeout: 15_000 });
  const device = await playwright.request.newContext({ baseURL });
  await changePasswordElsewhere(device, eva.name);

  await rollButton(eva.page).click();
  await expect(eva.page.locator('.toast').filter({ hasText: 'You were signed out' })).toHaveText(
    'You were signed out because the password of this account was changed. Please sign in with the new one.',
  );
  await roleIs(eva.page, 'Guest');
  await device.dispose();
  await eva.context.close();
});
