import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, makeAdmin, newPlayer, noSidewaysScroll, open, PASSWORD, PHONE } from './players';

// An admin bans a player from the player's page, with a reason given in a dialog. The banned
// player's open tab is signed out at once, and the sign-in screen tells them why; unbanning lets them in.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);
const REASON = 'Played the daily on a second account';

/** Screenshots of what is on screen at both widths, in both themes (switched in place). */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize() ?? DESKTOP;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light']) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `test-results/bans-${name}-${viewport.width}-${theme}.png` });
    }
  }
  await page.setViewportSize(size);
}

async function signIn(page: Page, name: string) {
  await open(page, '/login');
  await page.getByLabel('Username or e-mail').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('an admin bans a player with a reason; the player is signed out and told why; unban', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await newPlayer(browser, `Adm${run}`);
  await makeAdmin(admin);
  const ben = await newPlayer(browser, `Ban${run}`);
  await open(ben.page, '/');

  // The admin opens Ben's page: Ban asks for a reason first.
  const { page } = admin;
  await open(page, `/players/${ben.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ben.name })).toBeVisible();
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Ban ${ben.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(dialog.getByText('Give a reason of 1 to 200 characters')).toBeVisible();
  await dialog.getByLabel(/^Reason/).fill(REASON);
  await shoot(page, 'dialog');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${ben.name} is banned`)).toBeVisible();
  // Ben's open tab hears its sockets close and is signed out (a guest again), told why.
  await expect(ben.page.getByText(`This account is banned: ${REASON}`)).toBeVisible({ timeout: 15_000 });
  await expect(ben.page.getByRole('link', { name: /Guest$/ })).toBeVisible();
  await expect(page.locator('.player-badge-banned')).toHaveText('Banned');
  await expect(page.getByText(`Reason: ${REASON}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ban', exact: true })).toHaveCount(0);
  await shoot(page, 'player');

  // Signing in again says it once more, on the form.
  await signIn(ben.page, ben.name);
  await expect(ben.page.getByRole('alert')).toHaveText(`This account is banned: ${REASON}`);
  await shoot(ben.page, 'login');
  // A wrong password says nothing of the ban.
  await ben.page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await ben.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(ben.page.getByRole('alert')).toHaveText('Wrong username, email or password');

  // Unbanned, he signs in and plays under his name again.
  await page.getByRole('button', { name: 'Unban', exact: true }).click();
  const unbanDialog = page.getByRole('dialog', { name: `Unban ${ben.name}?` });
  await unbanDialog.getByRole('button', { name: 'Unban', exact: true }).click();
  await expect(page.getByText(`${ben.name} is no longer banned`)).toBeVisible();
  await expect(page.locator('.player-badge-banned')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ban', exact: true })).toBeVisible();
  await signIn(ben.page, ben.name);
  await expect(ben.page.getByText(`Welcome, ${ben.name}!`)).toBeVisible();
  await admin.context.close();
  await ben.context.close();
});
