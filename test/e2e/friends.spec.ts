import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE } from './players';

// Friends (issue 29): following a player from their page puts them on the Friends list with their online
// state and a one-tap challenge; blocking from the player page, after a confirmation, refuses the blocked
// player's follow and challenge with a clear message.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);

/** Every box of `selector` lies inside the viewport's width, none overlapping the next. */
async function rowsFit(page: Page, selector: string) {
  const width = page.viewportSize()?.width ?? 0;
  const boxes = await page.locator(selector).evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const [i, box] of boxes.entries()) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
    const next = boxes[i + 1];
    if (next) expect(next.top).toBeGreaterThanOrEqual(box.bottom - 1);
  }
}

test('following from the player page shows the player on the Friends list, online, with a one-tap challenge', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ana = await newPlayer(browser, `Ana${run}`);
  const ben = await newPlayer(browser, `Ben${run}`);
  // Ben has the app open: he is online.
  await open(ben.page, '/');

  await open(ana.page, `/players/${ben.id}`);
  const follow = ana.page.getByRole('button', { name: 'Follow', exact: true });
  await follow.click();
  await expect(ana.page.getByText(`You follow ${ben.name}`)).toBeVisible();
  const following = ana.page.getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');

  // The Friends entry of the menu opens the list: Ben, online, with Challenge and Unfollow.
  await ana.page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Friends' })
    .click();
  await expect(ana.page).toHaveURL(/\/friends$/);
  const section = ana.page.getByTestId('friends-following');
  const row = section.getByTestId('friend-row').filter({ hasText: ben.name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('friend-online')).toHaveText('Online');
  await expect(section.getByRole('heading', { name: 'Following (1)' })).toBeVisible();
  await expect(ana.page.getByTestId('friends-followers').getByText('Nobody follows you yet.')).toBeVisible();

  for (const viewport of [PHONE, { width: 320, height: 640 }, DESKTOP]) {
    await ana.page.setViewportSize(viewport);
    await noSidewaysScroll(ana.page);
    await rowsFit(ana.page, '[data-testid="friend-row"]');
    for (const button of await row.getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
    }
    const name = await row.getByRole('link', { name: ben.name }).boundingBox();
    const challenge = await row.getByRole('button', { name: `Challenge ${ben.name}` }).boundingBox();
    expect(name && challenge).toBeTruthy();
    if (name && challenge) {
      const overlap =
        name.x < challenge.x + challenge.width &&
        challenge.x < name.x + name.width &&
        name.y < challenge.y + challenge.height &&
        challenge.y < name.y + name.height;
      expect(overlap).toBe(false);
    }
  }

  // One tap: the create-clash form with Ben already picked.
  await row.getByRole('button', { name: `Challenge ${ben.name}` }).click();
  await expect(ana.page).toHaveURL(new RegExp(`/clashes\\?with=${ben.id}$`));
  await expect(ana.page.getByRole('button', { name: `Remove ${ben.name}` })).toBeVisible();
  await expect(ana.page.getByLabel('Name', { exact: true })).toBeFocused();

  // Ben sees Ana among his followers and removes her.
  await open(ben.page, '/friends');
  const follower = ben.page
    .getByTestId('friends-followers')
    .getByTestId('friend-row')
    .filter({ hasText: ana.name });
  await follower.getByRole('button', { name: `Remove ${ana.name} from your followers` }).click();
  await expect(ben.page.getByText(`${ana.name} no longer follows you`)).toBeVisible();
  await expect(ben.page.getByTestId('friends-followers').getByText('Nobody follows you yet.')).toBeVisible();
  await ana.context.close();
  await ben.context.close();
});

test('blocking from the player page: the blocked player’s follow and challenge are refused with a clear message', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ana = await newPlayer(browser, `Cia${run}`);
  const ben = await newPlayer(browser, `Dan${run}`, PHONE);
  // Ben looks at Ana's page, Follow offered, while she blocks him.
  await open(ben.page, `/players/${ana.id}`);
  await expect(ben.page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();

  await open(ana.page, `/players/${ben.id}`);
  await ana.page.getByRole('button', { name: 'Block', exact: true }).click();
  const dialog = ana.page.getByRole('dialog', { name: `Block ${ben.name}?` });
  await expect(dialog).toContainText('They will not be able to challenge you');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(ana.page.getByText(`You have blocked ${ben.name}`)).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);

  // Ben's Follow is refused, in words.
  await ben.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(ben.page.getByText('This player cannot be followed')).toBeVisible();
  await noSidewaysScroll(ben.page);
  // On a fresh look, no Follow is offered at all.
  await ben.page.reload();
  await expect(ben.page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
  await expect(ben.page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);

  // Ben's challenge is refused, in words.
  await open(ben.page, `/clashes?with=${ana.id}`);
  await expect(ben.page.getByRole('button', { name: `Remove ${ana.name}` })).toBeVisible();
  await ben.page.getByLabel('Name', { exact: true }).fill(`Blocked ${run}`);
  await ben.page.getByRole('button', { name: 'Create clash' }).click();
  await expect(ben.page.getByText('This player does not take clash invitations from you')).toBeVisible();
  await expect(ben.page).toHaveURL(/\/clashes\?with=\d+$/);

  // Ana's Friends list has Ben under Blocked; Unblock takes him off.
  await open(ana.page, '/friends');
  const blocked = ana.page.getByTestId('friends-blocks');
  await blocked.getByRole('button', { name: `Unblock: ${ben.name}` }).click();
  await expect(ana.page.getByText(`You have unblocked ${ben.name}`)).toBeVisible();
  await expect(blocked.getByText('You have blocked nobody.')).toBeVisible();
  await ana.context.close();
  await ben.context.close();
});

test('Follow in a clash’s player list, and in the ranking once the clash is over', async ({ browser }) => {
  test.setTimeout(90_000);
  const eva = await newPlayer(browser, `Eva${run}`);
  const fil = await newPlayer(browser, `Fil${run}`);
  const made = await eva.context.request.post('/api/clashes', {
    data: { ownerId: eva.id, playerIds: [eva.id, fil.id], type: 'LIVE', name: `Friends ${run}` },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const accepted = await fil.context.request.put(`/api/clashes/${id}/accept`, { data: { playerId: fil.id } });
  expect(accepted.status()).toBe(200);

  await open(eva.page, `/clashes/${id}`);
  const players = eva.page.getByRole('list', { name: 'Players and totals' });
  // One Follow, Fil's: none for Eva herself.
  await expect(players.getByRole('button', { name: /^Follow / })).toHaveCount(1);
  await players.getByRole('button', { name: `Follow ${fil.name}` }).click();
  await expect(eva.page.getByText(`You follow ${fil.name}`)).toBeVisible();
  await expect(players.getByRole('button', { name: `Unfollow ${fil.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await noSidewaysScroll(eva.page);

  // Fil resigns: the ranking offers Eva's follow of Fil again, pressed, and Fil can follow Eva from it.
  const resigned = await fil.context.request.put(`/api/clashes/${id}/resign`, { data: {} });
  expect(resigned.status()).toBe(200);
  const ranking = eva.page.getByRole('region', { name: 'Final ranking' });
  await expect(ranking.getByRole('button', { name: `Unfollow ${fil.name}` })).toBeVisible();
  await open(fil.page, `/clashes/${id}`);
  await fil.page.setViewportSize(PHONE);
  await fil.page
    .getByRole('region', { name: 'Final ranking' })
    .getByRole('button', { name: `Follow ${eva.name}` })
    .click();
  await expect(fil.page.getByText(`You follow ${eva.name}`)).toBeVisible();
  await noSidewaysScroll(fil.page);
  await eva.context.close();
  await fil.context.close();
});
