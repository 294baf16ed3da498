import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { rollButton } from './playScreen';

// Small things of the play screen and the shell: the rules at hand and the sheet's legend, no restart of an
// empty sheet, guest names that break between their words, the disabled search box, the 404 tab title.

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

async function openPlay(page: Page) {
  await page.goto('/');
  await expect(rollButton(page)).toBeVisible({ timeout: 20_000 });
}

test('restart is offered only once a box is filled', async ({ page }) => {
  await openPlay(page);
  const restart = page.getByRole('button', { name: 'Restart' });
  await expect(restart).toHaveCount(0);
  await rollButton(page).click();
  await expect(restart).toHaveCount(0);
  const fill = page.locator('.sheet-button[aria-label^="Write"]').first();
  await expect(fill).toBeEnabled();
  await fill.click();
  await expect(page.locator('.sheet-value')).toHaveCount(1);
  await expect(restart).toBeVisible();
});

test('the play screen explains the sheet and links to the rules', async ({ page }) => {
  await openPlay(page);
  await page.getByText('What the sheet shows').click();
  await expect(page.getByText(/you may announce now/)).toBeVisible();
  await expect(
    page.getByText('What this roll would score in that box: click it to write it in.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Rules of the game' }).click();
  await expect(page).toHaveURL(/\/about#rules$/);
  await expect(page.getByRole('tab', { name: 'Rules' })).toHaveAttribute('aria-selected', 'true');
});

test('on a phone a guest name in the games list stays whole on one line', async ({ page }) => {
  await openPlay(page);
  const name = ((await page.locator('.nav-player-name').textContent()) ?? '').trim();
  // A game is listed once it has a move.
  await rollButton(page).click();
  await page.locator('.sheet-button[aria-label^="Write"]').first().click();
  await expect(page.locator('.sheet-value')).toHaveCount(1);
  // The games index follows the room's moves about a second later.
  await expect
    .poll(async () => {
      const body = await (await page.request.get('/api/games/?page=0&size=100')).json();
      return (body._embedded.games as { player: { name: string } }[]).some(
        (game) => game.player.name === name,
      );
    })
    .toBe(true);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/games');
  const link = page.getByRole('link', { name: `Open ${name}'s game` }).first();
  await expect(link).toBeVisible();
  // Never broken inside ("Green / Tiger248", issue 25): one line, cut with an ellipsis if need be, and the
  // text is still the whole name.
  await expect(link.locator('wbr')).toHaveCount(0);
  await expect(link).toHaveText(name);
  const lines = await link.locator('.data-name').evaluate((element) => {
    const style = getComputedStyle(element);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return element.getBoundingClientRect().height / line;
  });
  expect(lines).toBeLessThan(1.5);
});

test('an unknown page is named plainly in the tab', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('404')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveTitle('Page not found · Yamb');
});
