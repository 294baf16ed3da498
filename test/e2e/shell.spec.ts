import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The shell: navigation, preferences that survive a reload, direct links, the routing error page and the
// mobile menu. Each test gets a fresh browser context, so local storage starts empty.

const MOBILE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** Opens a page and waits until the session has started (the loading die gives way to the shell). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('main')).toBeVisible();
}

test('the shell shows the navigation and the current player', async ({ page }) => {
  await open(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  for (const entry of ['Play', 'Clashes', 'Rankings', 'Profile', 'About', 'Settings']) {
    await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(nav.getByRole('searchbox', { name: 'Search' })).toBeEnabled();
  await expect(page).toHaveTitle(/Yamb/);
});

test('a guest finds both sign in and sign up in the navigation; sign in opens its page', async ({ page }) => {
  await open(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Sign in');
});

test('the player card in the navigation opens the profile', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await open(page, '/about');
  const card = page.getByRole('banner').locator('a.nav-player');
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a theme and a language chosen in settings survive a reload', async ({ page }) => {
  await open(page, '/settings');
  const html = page.locator('html');
  const before = await html.getAttribute('data-theme');
  const target = before === 'dark' ? 'Light' : 'Dark';

  await page.getByRole('radio', { name: target }).check();
  await expect(page.getByText(`Theme set to: ${target}`)).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', target.toLowerCase());

  await page.getByLabel('Language').selectOption({ label: 'Hrvatski' });
  await expect(page.getByText('Jezik promijenjen u: Hrvatski')).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'hr');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Postavke' })).toBeVisible({ timeout: 15_000 });
  await expect(html).toHaveAttribute('data-theme', target.toLowerCase());
  await expect(page.getByLabel('Jezik')).toHaveValue('hr');
  await expect(page.getByRole('navigation', { name: 'Glavna navigacija' })).toBeVisible();
});

test('settings and the rules open from a direct link', async ({ page }) => {
  await open(page, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await open(page, '/about#rules');
  await expect(page.getByRole('tab', { name: 'Rules' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'How to play Yamb' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Carriage (Poker)' })).toBeVisible();

  // The tablist follows the keyboard and the hash follows the tab.
  await page.getByRole('tab', { name: 'Rules' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Project' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Project' })).toBeFocused();
  await expect(page).toHaveURL(/#project$/);
});

test('an unknown route shows the routing error page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('404')).toBeVisible();
});

test('at 360 px the burger button opens the menu', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'Open menu' });
  await expect(burger).toBeVisible({ timeout: 15_000 });
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();

  await burger.click();
  const close = page.getByRole('button', { name: 'Close menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const entry of ['Play', 'Clashes', 'Rankings', 'Profile', 'About', 'Settings']) {
    await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }

  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(nav).toBeHidden();
});

test('at 360 px Escape closes the menu and gives the focus back to the burger; so does any navigation', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await open(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Rankings', exact: true }).focus();

  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  const burger = page.getByRole('button', { name: 'Open menu' });
  await expect(burger).toBeFocused();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');

  // A navigation that is no click in the menu (here the browser's back button) closes it too.
  await burger.click();
  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  // The settings screen is fetched on demand: the menu closes when it has come, so the player opens the
  // menu again on the screen they see (a click before it came was closed by its arrival under load).
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await burger.click();
  await expect(nav).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav).toBeHidden();
});

for (const theme of ['dark', 'light'] as const) {
  test(`screenshots of the shell in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    const shots: [string, { width: number; height: number }][] = [
      [`shell-${theme}.png`, DESKTOP],
      [`shell-${theme}-360.png`, MOBILE],
    ];
    for (const [name, size] of shots) {
      await page.setViewportSize(size);
      await open(page, '/about#rules');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const path = `test-results/${name}`;
      await page.screenshot({ path });
      await testInfo.attach(name, { path, contentType: 'image/png' });
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    const path = `test-results/shell-${theme}-360-menu.png`;
    await page.screenshot({ path });
    await testInfo.attach(`shell-${theme}-360-menu.png`, { path, contentType: 'image/png' });
  });
}
