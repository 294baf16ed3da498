import type { ClashResource } from '../../contract/clashes';
import { expect, test } from './fixtures';
import { newPlayer, noSidewaysScroll, open, openListening, PHONE } from './players';

// Rematch (issue 29): a completed clash offers "Rematch" to its players; Ana proposes it, Ben's screen turns
// to "Go to the rematch" (and his bell says so), and he accepts it from the clash screen: it starts.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);

test('a rematch proposed by one player and accepted by the other', async ({ browser }) => {
  test.setTimeout(90_000);
  const ana = await newPlayer(browser, `ana${run}`);
  const ben = await newPlayer(browser, `ben${run}`, PHONE);
  const created = await ana.context.request.post('/api/clashes/', {
    data: {
      ownerId: ana.id,
      playerIds: [ana.id, ben.id],
      type: 'LIVE',
      name: `Series ${run}`,
      turnSeconds: 120,
    },
  });
  expect(created.status()).toBe(201);
  const clash = (await created.json()) as ClashResource;
  expect(
    (await ben.context.request.put(`/api/clashes/${clash.id}/accept`, { data: { playerId: ben.id } })).ok(),
  ).toBe(true);
  // Ben resigns: Ana wins, the clash is completed.
  expect((await ben.context.request.put(`/api/clashes/${clash.id}/resign`)).ok()).toBe(true);

  await open(ana.page, `/clashes/${clash.id}`);
  await openListening(ben.page, `/clashes/${clash.id}`);
  for (const page of [ana.page, ben.page])
    await expect(page.locator('.clash-status')).toHaveText('Completed', { timeout: 15_000 });
  const rematch = ana.page.getByRole('button', { name: 'Rematch' });
  await expect(rematch).toBeVisible();
  await expect(ben.page.getByRole('button', { name: 'Rematch' })).toBeVisible();
  const box = await ben.page.getByRole('button', { name: 'Rematch' }).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  await noSidewaysScroll(ben.page);

  await rematch.click();
  await expect(ana.page).toHaveURL(/\/clashes\/\d+$/);
  await expect(ana.page).not.toHaveURL(new RegExp(`/clashes/${clash.id}$`));
  const rematchPath = new URL(ana.page.url()).pathname;
  await expect(ana.page.locator('.clash-status')).toHaveText('Waiting for players');

  // Ben's finished clash now leads to the rematch, and his bell says Ana proposed it.
  const go = ben.page.getByRole('link', { name: 'Go to the rematch' });
  await expect(go).toBeVisible({ timeout: 15_000 });
  await expect(ben.page.getByRole('banner').locator('.bell')).toHaveAccessibleName(/unread/, {
    timeout: 10_000,
  });
  await go.click();
  await expect(ben.page).toHaveURL(new RegExp(`${rematchPath}$`));
  await ben.page.getByRole('button', { name: 'Accept' }).click();
  for (const page of [ana.page, ben.page])
    await expect(page.locator('.clash-status')).toHaveText('In progress', { timeout: 15_000 });
  await expect(ana.page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 15_000 });
  await noSidewaysScroll(ben.page);
  await ana.context.close();
  await ben.context.close();
});
