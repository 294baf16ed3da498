import type { ClashResource } from '../../contract/clashes';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';
import { newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// Correspondence clashes (issue 29): Ana makes a clash of a day a turn with Ben in the form, plays her turn,
// Ben's day runs out (moved through the local-only dev route) and the turn comes back to her; her clashes
// screen lists it first with the time left; then, on Ben's turn, she gives him "more time" (+1 day).

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);
let ana: Player;
let ben: Player;

test.beforeAll(async ({ browser }) => {
  ana = await newPlayer(browser, `ana${run}`);
  ben = await newPlayer(browser, `ben${run}`, PHONE);
});

test.afterAll(async () => {
  await ana.context.close();
  await ben.context.close();
});

const turnLine = (page: Player['page']) => page.locator('.clash-turn');
const clock = (page: Player['page']) => page.getByRole('timer', { name: 'Time left for this turn' });

async function playTurn(page: Player['page']) {
  await expect(turnLine(page)).toHaveText('Your turn', { timeout: 15_000 });
  await expect(rollButton(page)).toBeEnabled({ timeout: 10_000 });
  await roll(page);
  await page.locator('.sheet-button[aria-label^="Write"]').first().click();
  await expect(page.locator('button.roll-button:enabled')).toHaveCount(0);
}

const clashOf = async (player: Player, id: number) =>
  (await (await player.context.request.get(`/api/clashes/${id}`)).json()) as ClashResource;

test('a clash of a day a turn: the turn passes when its day runs out, your turns come first, more time', async () => {
  test.setTimeout(120_000);
  const { page } = ana;
  await open(page, '/clashes');
  await page.getByLabel('Name', { exact: true }).fill(`Letters ${run}`);
  await page.getByLabel('Players to invite').fill(ben.name);
  await page.getByRole('button', { name: new RegExp(`^Choose ${ben.name}`) }).click();
  await page.getByRole('form', { name: 'New clash' }).getByRole('radio', { name: '1 day' }).check();
  await expect(page.getByRole('radio', { name: '3 days', exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Create clash' }).click();
  await expect(page).toHaveURL(/\/clashes\/\d+$/);
  const clashId = Number(new URL(page.url()).pathname.split('/').pop());
  const accepted = await ben.context.request.put(`/api/clashes/${clashId}/accept`, {
    data: { playerId: ben.id },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  // A day's clock reads in hours and minutes, not seconds.
  await expect(clock(page)).toContainText(/^(1 day|2[34] h \d+ min) left$/, { timeout: 15_000 });
  await playTurn(page);

  // Ben's turn: Ana may give him one more day, once; Ben, on turn, may not give himself any.
  await expect(turnLine(page)).toHaveText(`${ben.name}'s turn`, { timeout: 15_000 });
  const before = Date.parse((await clashOf(ana, clashId)).turnDeadline ?? '');
  const gift = page.getByRole('button', { name: `Give ${ben.name} one more day` });
  await expect(gift).toBeVisible();
  const box = await gift.boundingBox();
  const timerBox = await clock(page).boundingBox();
  // Beside the clock: right under it.
  expect(box && timerBox && box.y >= timerBox.y + timerBox.height - 1).toBe(true);
  expect(box && timerBox && box.y - (timerBox.y + timerBox.height) < 60).toBe(true);
  await gift.click();
  await expect(page.getByText(`${ben.name} has one more day for this turn`)).toBeVisible();
  await expect(gift).toHaveCount(0);
  await expect(clock(page)).toContainText(/^2 days \d+ h left$|^1 day 2[34] h left$/);
  expect(Date.parse((await clashOf(ana, clashId)).turnDeadline ?? '')).toBe(before + 24 * 60 * 60 * 1000);
  const log = page.getByRole('log', { name: 'Clash log' });
  await expect(log).toContainText(`${ana.name} gave ${ben.name} one more day for the turn`);
  await open(ben.page, `/clashes/${clashId}`);
  await expect(turnLine(ben.page)).toHaveText('Your turn', { timeout: 15_000 });
  await expect(ben.page.getByRole('button', { name: /one more day/ })).toHaveCount(0);

  // Ben's day runs out (the dev route moves the clock): the turn passes back to Ana, nothing filled.
  const moved = await ana.context.request.put(`/api/dev/clashes/${clashId}/clock`, { data: { seconds: 2 } });
  expect(moved.ok(), await moved.text()).toBe(true);
  await expect(turnLine(page)).toHaveText('Your turn', { timeout: 20_000 });
  await expect(log).toContainText(`${ben.name} ran out of time: the turn passed on`);

  // Ana's clashes: this one first, "Your turn" with the time left; Ben's live clash with her waits below it.
  const live = await ben.context.request.post('/api/clashes/', {
    data: {
      ownerId: ben.id,
      playerIds: [ben.id, ana.id],
      type: 'LIVE',
      name: `Later ${run}`,
      turnSeconds: 120,
    },
  });
  expect(live.status(), await live.text()).toBe(201);
  const liveClash = (await live.json()) as ClashResource;
  await ana.context.request.put(`/api/clashes/${liveClash.id}/accept`, { data: { playerId: ana.id } });
  await open(page, '/clashes');
  const playing = page.getByRole('region', { name: 'In progress' }).getByRole('link');
  await expect(playing.first()).toContainText(`Letters ${run}`);
  await expect(playing.first()).toContainText(/Your turn · 2[34] h \d+ min left/);
  await expect(playing.nth(1)).toContainText(`Later ${run}`);
  await noSidewaysScroll(page);
});
