import type { ClashResource } from '../../contract/clashes';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';
import { signUp } from './players';

// A new player practises against Yamb Bot: the create form offers it at one click, the clash starts at
// once (the bot accepts), the player plays a turn, and the bot plays its own turn on the shared board, at a
// human pace, before the turn comes back. The bot is marked as a bot wherever its name is shown.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);

test('a player creates a clash against Yamb Bot and plays turns with it', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page.request, `solo${run}`);
  await page.goto('/clashes');
  await expect(page.getByRole('heading', { name: 'Clashes', level: 1 })).toBeVisible({ timeout: 15_000 });

  await page.getByLabel('Name', { exact: true }).fill(`Practice ${run}`);
  await page.getByRole('button', { name: 'Play against Yamb Bot' }).click();
  const chosen = page.getByRole('list', { name: 'Chosen players' });
  await expect(chosen).toContainText('Yamb Bot');
  await expect(chosen).toContainText('bot');
  // Chosen once, it is not offered again.
  await expect(page.getByRole('button', { name: 'Play against Yamb Bot' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create clash' }).click();

  // No lobby to wait in: the bot has accepted, the clash is on and the player is first.
  await expect(page).toHaveURL(/\/clashes\/\d+$/);
  const clashId = Number(/\/clashes\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 15_000 });
  await expect(page.locator('.clash-player').filter({ hasText: 'Yamb Bot' })).toContainText('bot');

  await expect(rollButton(page)).toBeEnabled();
  await roll(page);
  await page.locator('.sheet-button[aria-label^="Write"]').first().click();

  // The bot's turn: its board is shown while it plays, and then the turn comes back.
  await expect(page.locator('.clash-player--turn')).toContainText('Yamb Bot', { timeout: 10_000 });
  await expect(page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 30_000 });
  const clash = (await (await page.request.get(`/api/clashes/${clashId}`)).json()) as ClashResource;
  const bot = clash.players.find((p) => p.bot);
  expect(bot?.name).toBe('Yamb Bot');
  const botGame = (await (await page.request.get(`/api/games/${bot?.gameId}`)).json()) as {
    sheet: { columns: { boxes: { value: number | null }[] }[] };
  };
  const filled = botGame.sheet.columns.flatMap((c) => c.boxes).filter((b) => b.value !== null);
  expect(filled, 'the bot filled one box in its turn').toHaveLength(1);
});

test('one click on "Practice against Yamb Bot" starts an untimed clash against the bot, named for both', async ({
  page,
}) => {
  const name = `prac${run}`;
  await signUp(page.request, name);
  await page.goto('/clashes');
  await expect(page.getByRole('heading', { name: 'Clashes', level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Practice against Yamb Bot' }).click();
  await expect(page).toHaveURL(/\/clashes\/\d+$/);
  const clashId = Number(/\/clashes\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} – Yamb Bot`);
  const clash = (await (await page.request.get(`/api/clashes/${clashId}`)).json()) as ClashResource;
  expect(clash.players.map((p) => p.bot === true)).toEqual([false, true]);
  expect(clash.turnSeconds ?? null).toBeNull();
  await expect(page.locator('.turn-clock')).toHaveCount(0);
});
