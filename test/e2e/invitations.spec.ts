import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE } from './players';

// A player can turn off clash invitations from strangers in Settings. The choice is the
// account's, kept on the server; a stranger who then invites them through the create form is told why not.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);
const KNOWN = 'Only from players I have played with or follow';

/** Screenshots of the settings screen at both widths, in both themes (switched in place). */
async function shoot(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light']) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      await noSidewaysScroll(page);
      await page.screenshot({
        path: `test-results/invitations-${name}-${viewport.width}-${theme}.png`,
        fullPage: true,
      });
    }
  }
  await page.setViewportSize(DESKTOP);
}

test('invitations only from players one has played with: chosen in Settings, kept on the server, a stranger told', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ben = await newPlayer(browser, `Ben${run}`);
  const eve = await newPlayer(browser, `Eve${run}`);

  await open(ben.page, '/settings');
  const invitations = ben.page.getByRole('group', { name: 'Clash invitations' });
  await expect(invitations.getByRole('radio', { name: 'From anyone' })).toBeChecked();
  await expect(
    invitations.getByText(
      'Players you have played a clash with, and players you follow, can always invite you.',
      { exact: false },
    ),
  ).toBeVisible();
  await invitations.getByRole('radio', { name: KNOWN }).click(); // the choice shows once the server took it: asserted below
  await expect(ben.page.getByText(`Clash invitations: ${KNOWN}`)).toBeVisible();
  await expect(invitations.getByRole('radio', { name: KNOWN })).toBeChecked();
  await shoot(ben.page, 'settings');

  // Kept on the server: another browser of Ben's, with nothing stored, shows it too.
  const elsewhere = await browser.newContext({
    viewport: DESKTOP,
    storageState: await ben.context.storageState(),
  });
  const second = await elsewhere.newPage();
  await second.addInitScript(() => window.localStorage.clear());
  await open(second, '/settings');
  await expect(
    second.getByRole('group', { name: 'Clash invitations' }).getByRole('radio', { name: KNOWN }),
  ).toBeChecked();
  // The theme changed there keeps the choice (the theme's save sends no invitations).
  await second.getByRole('radio', { name: 'Dark' }).check();
  await expect(second.getByText('Theme set to: Dark')).toBeVisible();
  const stored = async () => (await ben.context.request.get(`/api/players/${ben.id}/preferences`)).json();
  await expect.poll(stored).toMatchObject({ theme: 'dark', invitations: 'known' });
  await elsewhere.close();

  // Eve has never played with Ben: the create form answers with the server's reason.
  const { page } = eve;
  await open(page, '/clashes');
  await page.getByLabel('Name', { exact: true }).fill(`Cold call ${run}`);
  await page.getByLabel('Players to invite').fill(ben.name);
  await page.getByRole('button', { name: new RegExp(`^Choose ${ben.name}`) }).click();
  await page.getByRole('button', { name: 'Create clash' }).click();
  await expect(
    page.getByText('This player accepts clash invitations only from players they have played with or follow'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/clashes$/);

  // Ben opens his invitations to anyone again: Eve's clash is made.
  await invitations.getByRole('radio', { name: 'From anyone' }).click();
  await expect(ben.page.getByText('Clash invitations: From anyone')).toBeVisible();
  await page.getByRole('button', { name: 'Create clash' }).click();
  await expect(page).toHaveURL(/\/clashes\/\d+$/);
  await ben.context.close();
  await eve.context.close();
});
