import type { Page } from '@playwright/test';
import type { ClashResource } from '../../contract/clashes';
import { expect, test } from './fixtures';
import { DESKTOP, newPlayer, open, PHONE, type Player } from './players';

// Resigning in the browser: a player resigns a live clash through its button and the confirmation, and
// the opponent sees the clash won; a clash everybody let run out is listed and ranked as abandoned.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);

/** A started clash of `owner` with `other` (created and accepted through the API), `turnSeconds` a turn. */
async function startedClash(owner: Player, other: Player, name: string, turnSeconds: number | null = null) {
  const created = await owner.context.request.post('/api/clashes/', {
    data: { ownerId: owner.id, playerIds: [owner.id, other.id], type: 'LIVE', name, turnSeconds },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clash = (await created.json()) as ClashResource;
  const accepted = await other.context.request.put(`/api/clashes/${clash.id}/accept`, {
    data: { playerId: other.id },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return clash.id;
}

/** Screenshots of the page as it is, at both widths and in both themes, for a person to look at. */
async function shoot(page: Page, name: string) {
  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['360', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      await page.screenshot({
        path: `test-results/clash-resign/${name}-${width}-${theme}.png`,
        fullPage: true,
      });
    }
  }
  await page.setViewportSize(DESKTOP);
}

test('a player resigns through the confirmation, and the opponent sees the clash won', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ana = await newPlayer(browser, `ana${run}`);
  const ben = await newPlayer(browser, `ben${run}`);
  const clashId = await startedClash(ana, ben, `Resign ${run}`);
  await open(ana.page, `/clashes/${clashId}`);
  await open(ben.page, `/clashes/${clashId}`);

  const resign = ben.page.getByRole('button', { name: 'Resign' });
  await expect(resign).toBeVisible({ timeout: 15_000 });
  await shoot(ben.page, 'live');
  await resign.click();
  const dialog = ben.page.getByRole('dialog', { name: 'Resign this clash?' });
  await expect(dialog).toBeVisible();
  await shoot(ben.page, 'confirm');
  // "No" leaves everything as it was.
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(ana.page.locator('.clash-status')).toHaveText('In progress');

  await resign.click();
  await dialog.getByRole('button', { name: 'Resign' }).click();
  for (const page of [ana.page, ben.page])
    await expect(page.locator('.clash-status')).toHaveText('Completed', { timeout: 15_000 });
  const ranking = ana.page.getByRole('region', { name: 'Final ranking' });
  await expect(ranking.locator('.ranking-row--winner')).toContainText(ana.name);
  await expect(ranking.getByText('resigned')).toBeVisible();
  // The winner's sheet, put away unfinished with the clash, is shown so at once, and not called "Archived".
  await expect(ana.page.locator('.board-chip--archived').first()).toHaveText('Clash over');
  await shoot(ana.page, 'won');
  await ana.context.close();
  await ben.context.close();
});

test('a clash everybody let run out is abandoned: listed so, and ranked with no crown', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ana = await newPlayer(browser, `cleo${run}`);
  const ben = await newPlayer(browser, `dino${run}`);
  const clashId = await startedClash(ana, ben, `Abandoned ${run}`, 30);
  // Nobody plays: each turn runs out (shortened through the local-only dev route) until the clash ends.
  for (let turn = 0; turn < 8; turn++) {
    const now = (await (await ana.context.request.get(`/api/clashes/${clashId}`)).json()) as ClashResource;
    if (now.status !== 'IN_PROGRESS') break;
    const shortened = await ana.context.request.put(`/api/dev/clashes/${clashId}/clock`, {
      data: { seconds: 1 },
    });
    expect(shortened.ok(), await shortened.text()).toBe(true);
    const read = async () =>
      (await (await ana.context.request.get(`/api/clashes/${clashId}`)).json()) as ClashResource;
    await expect
      .poll(
        async () => {
          const after = await read();
          return after.status !== 'IN_PROGRESS' || after.turn !== now.turn;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  }
  await open(ana.page, `/clashes/${clashId}`);
  await expect(ana.page.locator('.clash-status')).toHaveText('Abandoned', { timeout: 15_000 });
  const ranking = ana.page.getByRole('region', { name: 'Final ranking' });
  await expect(ranking.getByText(/nobody won/)).toBeVisible();
  await expect(ranking.locator('.ranking-row--winner')).toHaveCount(0);
  await shoot(ana.page, 'abandoned-ranking');

  await open(ana.page, '/clashes');
  const completed = ana.page.locator('details.clash-group').filter({ hasText: 'Completed' });
  await completed.locator('summary').click();
  await expect(completed.getByRole('link', { name: new RegExp(`Abandoned ${run}`) })).toContainText(
    'Abandoned: nobody won',
  );
  await shoot(ana.page, 'abandoned-list');
  await ana.context.close();
  await ben.context.close();
});
