import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, makeAdmin, newPlayer, open, openListening, PHONE, type Player } from './players';

// Support and the admin area through the real UI. Ana, a player, sends a ticket from the about page's
// contact tab; Ada, an admin, finds it on /tickets, closes it (Ana's open page hears of it on the bell),
// and deletes a log entry on /logs. A player who opens /admin is sent to /.
//
// Ada becomes an admin the way an operator does it locally: `npm run admin -- <name>` on the D1 database the
// test's server persists (its own directory under E2E_PERSIST_DIR: test/e2e/servers.ts).

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36).slice(-6);
const TITLE = `Dice stuck ${run}`;

let ana: Player;
let ada: Player;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.beforeAll(async ({ browser }) => {
  ana = await newPlayer(browser, `ana${run}`);
  ada = await newPlayer(browser, `ada${run}`);
  await makeAdmin(ada);
});

test.afterAll(async () => {
  await ana?.context.close();
  await ada?.context.close();
});

test('a player who opens /admin lands on /, and has no admin entry', async () => {
  await open(ana.page, '/admin');
  await expect(ana.page).toHaveURL(/\/$/);
  await expect(nav(ana.page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await open(ana.page, '/logs');
  await expect(ana.page).toHaveURL(/\/$/);
  // The server says the same: the admin lists are not for players.
  expect((await ana.context.request.get('/api/logs/')).status()).toBe(403);
});

test('a player sends a ticket from the contact tab; each e-mail address is checked', async () => {
  const page = ana.page;
  await open(page, '/about#contact');
  await expect(page.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Submit ticket' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();

  await page.getByLabel('Title').fill(TITLE);
  await page.getByLabel('Description').fill('The third roll kept a die I had released.');
  const emails = page.getByLabel('E-mail addresses (optional)');
  await emails.fill(`ana${run}@example.com, not-an-address`);
  await expect(page.getByText('Invalid email: not-an-address')).toBeVisible();
  await expect(emails).toHaveAttribute('aria-invalid', 'true');
  await emails.fill(`ana${run}@example.com, help${run}@example.hr`);
  await expect(page.getByText(/Invalid email/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Submit ticket' }).click();
  await expect(page.getByText('Ticket submitted successfully')).toBeVisible();
  // The form is empty again, ready for the next one.
  await expect(page.getByLabel('Title')).toHaveValue('');

  await page.getByRole('link', { name: 'See your tickets' }).click();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByRole('heading', { name: 'Your tickets', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('Open');
  await expect(row).toContainText(ana.name);
});

test('a bug report is a subject and a description, from its own link', async () => {
  const page = ana.page;
  await open(page, '/about#bug');
  await expect(page.getByRole('heading', { name: 'Report a bug', level: 2 })).toBeVisible();
  await expect(page.getByLabel('E-mail addresses (optional)')).toHaveCount(0);
  await page.getByLabel('Subject').fill(`Bug ${run}`);
  await page.getByLabel('Description').fill('The bell did not ring.');
  await page.getByRole('button', { name: 'Send bug report' }).click();
  await expect(page.getByText('Ticket submitted successfully')).toBeVisible();
});

test('an admin closes the ticket; the player hears of it on the bell', async () => {
  await openListening(ana.page, '/');
  const page = ada.page;
  await open(page, '/');
  await nav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: /^Tickets/ }).click();
  await expect(page.getByRole('heading', { name: 'All tickets', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(page.getByText(`help${run}@example.hr`)).toBeVisible();
  await page.getByLabel('Change status').selectOption({ label: 'Closed' });
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByText('Ticket status set to: Closed')).toBeVisible();
  await expect(page.locator('.detail-list .badge')).toHaveText('Closed');

  // Pushed to Ana's open page: a toast, and the bell counts it.
  const words = `The status of your ticket "${TITLE}" is now: closed`;
  await expect(ana.page.getByText(words).first()).toBeVisible({ timeout: 10_000 });
  const bell = ana.page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(ana.page.getByRole('dialog').getByText(words)).toBeVisible();
});

test('an admin deletes a log entry after confirming', async () => {
  const page = ada.page;
  await open(page, '/logs');
  await expect(page.getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible();
  // Closing the ticket was logged.
  const entry = page.getByRole('row').filter({ hasText: 'admin-update-ticket' }).first();
  await expect(entry).toBeVisible();
  const href = (await entry.getByRole('link').first().getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/logs\/\d+$/);

  // "No" keeps it.
  await entry.getByRole('button', { name: /^Delete log entry/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete this log entry?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(page.locator(`a[href="${href}"]`)).toHaveCount(1);

  await entry.getByRole('button', { name: /^Delete log entry/ }).click();
  dialog = page.getByRole('dialog', { name: 'Delete this log entry?' });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Log entry deleted')).toBeVisible();
  await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
  expect((await ada.context.request.get(`/api${href}`)).status()).toBe(404);
});

test('a ticket reads on a phone without sideways scrolling', async () => {
  const page = ada.page;
  await page.setViewportSize(PHONE);
  await open(page, '/tickets');
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  // Nothing scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
});

test("an admin deletes a player's game from the sections on their page, after confirming", async () => {
  const me = (await (await ana.context.request.get('/api/players/me')).json()) as { id: number };
  const made = await ana.context.request.put('/api/games/', { data: { playerId: me.id } });
  expect(made.ok(), await made.text()).toBe(true);
  const game = (await made.json()) as { id: number; _links: { roll?: { href: string } } };
  // A game is kept from its first move; the games index follows the room about a second later.
  const rolled = await ana.context.request.put(game._links.roll?.href ?? '', {
    data: { diceToRoll: [0, 1, 2, 3, 4] },
  });
  expect(rolled.ok(), await rolled.text()).toBe(true);
  await expect
    .poll(async () => {
      const games = await ada.context.request.get(`/api/players/${me.id}/games`);
      return ((await games.json()) as { page: { totalElements: number } }).page.totalElements;
    })
    .toBeGreaterThan(0);

  const page = ada.page;
  await open(page, `/players/${me.id}`);
  const sections = page.getByRole('region', { name: 'Admin: games, clashes and logs of this player' });
  await sections.getByText('Games', { exact: true }).click();
  const row = sections.getByRole('row').filter({ hasText: `Game ${game.id}` });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete Game ${game.id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete for good?' });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await ada.context.request.get(`/api/games/${game.id}`)).status()).toBe(404);
});

test("a player's clash game has no delete button on their page: it goes with its clash, and the row says so", async () => {
  const me = (await (await ana.context.request.get('/api/players/me')).json()) as { id: number };
  const bots = await ana.context.request.get('/api/players/?bot=true&size=1');
  const bot = ((await bots.json()) as { _embedded: { players: { id: number }[] } })._embedded.players[0];
  const created = await ana.context.request.post('/api/clashes/', {
    data: {
      ownerId: me.id,
      playerIds: [me.id, bot?.id],
      type: 'LIVE',
      name: `Admin ${run}`,
      turnSeconds: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clash = (await created.json()) as { players: { id: number; gameId: number | null }[] };
  const gameId = clash.players.find((p) => p.id === me.id)?.gameId;
  // Listed from its first move: Ana, the owner, is on turn and rolls.
  const game = (await (await ana.context.request.get(`/api/games/${gameId}`)).json()) as {
    _links: { roll?: { href: string } };
  };
  const rolled = await ana.context.request.put(game._links.roll?.href ?? '', {
    data: { diceToRoll: [0, 1, 2, 3, 4] },
  });
  expect(rolled.ok(), await rolled.text()).toBe(true);
  await expect
    // The index writes a clash's progress at most every 10 s.
    .poll(async () => (await ada.context.request.get(`/api/players/${me.id}/games?size=50`)).text(), {
      timeout: 20_000,
    })
    .toContain(`"id":${gameId}`);

  const page = ada.page;
  await open(page, `/players/${me.id}`);
  const sections = page.getByRole('region', { name: 'Admin: games, clashes and logs of this player' });
  await sections.getByText('Games', { exact: true }).click();
  const row = sections.getByRole('row').filter({ hasText: `Game ${gameId}` });
  await expect(row).toContainText('Part of a clash: delete the clash');
  await expect(row.getByRole('button')).toHaveCount(0);
});

test('an admin lists every clash from the admin page, and back to their own', async ({ browser }) => {
  const bo = await newPlayer(browser, `bo${run}`);
  const ids = await Promise.all(
    [ana, bo].map(
      async (p) => ((await (await p.context.request.get('/api/players/me')).json()) as { id: number }).id,
    ),
  );
  const name = `Admin sees ${run}`;
  const made = await ana.context.request.post('/api/clashes/', {
    data: { ownerId: ids[0], playerIds: ids, type: 'LIVE', name },
  });
  expect(made.status(), await made.text()).toBe(201);
  await bo.context.close();

  const page = ada.page;
  await open(page, '/admin');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Clashes/ })
    .click();
  await expect(page).toHaveURL(/\/clashes\?all=1$/);
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await page.getByRole('link', { name: 'Show only my clashes' }).click();
  await expect(page.getByRole('link', { name: 'Show every clash (admin)' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
});
