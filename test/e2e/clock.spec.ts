import type { ClashResource } from '../../contract/clashes';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';
import { signUp } from './players';

// The turn clock in the browser: a clash created with a 30 s clock shows the time left from the
// server's deadline (the same after a reload); when it runs out (shortened here through the local-only dev
// route), the turn passes to the next player without a box filled.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);

test('the clock counts down, survives a reload, and passes the turn when it runs out', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page.request, `clock${run}`);
  await page.goto('/clashes');
  await expect(page.getByRole('heading', { name: 'Clashes', level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Name', { exact: true }).fill(`Clocked ${run}`);
  await page.getByRole('button', { name: 'Play against Yamb Bot' }).click();
  await page.getByRole('form', { name: 'New clash' }).getByRole('radio', { name: '30 s' }).check();
  await page.getByRole('button', { name: 'Create clash' }).click();
  await expect(page).toHaveURL(/\/clashes\/\d+$/);
  const clashId = Number(/\/clashes\/(\d+)$/.exec(page.url())?.[1]);

  const clock = page.getByRole('timer', { name: 'Time left for this turn' });
  await expect(clock).toContainText(/0:(2\d|30) left/, { timeout: 15_000 });
  await page.reload();
  await expect(clock).toContainText(/0:[12]\d left/, { timeout: 15_000 });

  // A roll, then the clock runs out: the dice are thrown away and the bot is on turn.
  await expect(rollButton(page)).toBeEnabled();
  await roll(page);
  const shortened = await page.request.put(`/api/dev/clashes/${clashId}/clock`, { data: { seconds: 2 } });
  expect(shortened.ok(), await shortened.text()).toBe(true);
  await expect(page.locator('.clash-player--turn')).toContainText('Yamb Bot', { timeout: 15_000 });
  const clash = (await (await page.request.get(`/api/clashes/${clashId}`)).json()) as ClashResource;
  const mine = clash.players[0];
  expect(mine?.forfeited).toBe(false);
  const game = (await (await page.request.get(`/api/games/${mine?.gameId}`)).json()) as {
    rollCount: number;
    sheet: { columns: { boxes: { value: number | null }[] }[] };
  };
  expect(game.rollCount).toBe(0);
  expect(game.sheet.columns.flatMap((c) => c.boxes).filter((b) => b.value !== null)).toHaveLength(0);
  // The bot plays its turn and the turn, with a full clock, comes back.
  await expect(page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 30_000 });
  await expect(clock).toContainText(/0:[23]\d left/);
});
