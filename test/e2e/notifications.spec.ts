import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { ClashResource } from '../../contract/clashes';
import type { NotificationResource } from '../../contract/notifications';
import type { ActivePlayers } from '../../contract/presence';
import { expect, test } from './fixtures';
import {
  DESKTOP,
  newPlayer as registeredPlayer,
  onlineIds,
  open,
  openListening,
  PHONE,
  type Player as RegisteredPlayer,
} from './players';

// Notifications and presence in the browser. Ana invites Ben to clashes through the API, as the clash
// form does; Ben, with the app open, sees each invitation arrive as a toast and on the bell, follows one
// from the list and one from its toast to the clash, finds those made while his page was closed on the
// next load, and marks them all read. Both are on the active list while their pages are open.

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36).slice(-6);

interface Player extends RegisteredPlayer {
  notificationsHref: string;
}

let ana: Player;
let ben: Player;

/** A new registered player in a browser of their own, with the link to their notifications. */
async function newPlayer(browser: Browser, name: string, viewport = DESKTOP): Promise<Player> {
  const player = await registeredPlayer(browser, name, viewport);
  const me = (await (await player.context.request.get('/api/players/me')).json()) as {
    _links: { notifications?: { href: string } };
  };
  const notificationsHref = me._links.notifications?.href ?? '';
  expect(notificationsHref).not.toBe('');
  return { ...player, notificationsHref };
}

/** Ana's latest invitation, which Ben has not answered. */
let unanswered: number | null = null;

/**
 * Ana invites Ben, the way the clash form does it. An owner has one pending clash at a time with a player
 * (one pending clash per owner and invitee), so Ben first declines the one before, which tells Ana, not him.
 */
async function invite(name: string): Promise<ClashResource> {
  if (unanswered !== null) {
    const declined = await ben.context.request.put(`/api/clashes/${unanswered}/decline`, {
      data: { playerId: ben.id },
    });
    expect(declined.ok(), await declined.text()).toBe(true);
  }
  const reply = await ana.context.request.post('/api/clashes/', {
    data: { ownerId: ana.id, playerIds: [ana.id, ben.id], type: 'LIVE', name },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const clash = (await reply.json()) as ClashResource;
  unanswered = clash.id;
  return clash;
}

/** Which of Ana and Ben the online list holds, asked as the app asks (by id). */
const activeIds = (context: BrowserContext) => onlineIds(context.request, `ids=${ana.id},${ben.id}`);

/** Ben's unread notifications as the server has them. */
async function stored(): Promise<NotificationResource[]> {
  const reply = await ben.context.request.get(`${ben.notificationsHref}?size=100`);
  expect(reply.ok()).toBe(true);
  const page = (await reply.json()) as { _embedded: { notifications?: NotificationResource[] } };
  return page._embedded.notifications ?? [];
}

const bell = (page: Page) => page.getByRole('banner').locator('.bell');
const invitation = (name: string) => `${ana.name} invites you to the clash "${name}"`;

/** Ben's page is open and his presence socket joined (he is on the active list Ana sees). */
async function benListening() {
  await openListening(ben.page, '/');
  await expect.poll(() => activeIds(ana.context), { timeout: 15_000 }).toContain(ben.id);
}

test.beforeAll(async ({ browser }) => {
  ana = await newPlayer(browser, `ana${run}`);
  ben = await newPlayer(browser, `ben${run}`);
});

test.afterAll(async () => {
  await ana?.context.close();
  await ben?.context.close();
});

test('both players are on the active list while their pages are open', async () => {
  await open(ana.page, '/');
  await benListening();
  await expect.poll(() => activeIds(ben.context)).toContain(ana.id);
  // Read from the page, as the app reads it.
  const seen = await ana.page.evaluate(
    async (ids) => {
      const reply = await fetch(`/api/players/active?ids=${ids.join(',')}`, { credentials: 'include' });
      return ((await reply.json()) as ActivePlayers)._embedded.players.map((p) => p.id);
    },
    [ana.id, ben.id],
  );
  expect(seen).toEqual(expect.arrayContaining([ana.id, ben.id]));
});

test('an invitation arrives as a toast and on the bell; following it from the list opens the clash and reads it', async () => {
  await benListening();
  await expect(bell(ben.page)).toHaveAccessibleName('Notifications');
  await expect(bell(ben.page).locator('.bell-badge')).toHaveCount(0);

  const clash = await invite(`List ${run}`);
  const toastButton = ben.page.locator('.notification-toast', { hasText: invitation(clash.name) });
  await expect(toastButton).toBeVisible({ timeout: 10_000 });
  await expect(bell(ben.page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell(ben.page).locator('.bell-badge')).toHaveText('1');

  await bell(ben.page).click();
  const dialog = ben.page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toBeVisible();
  const items = dialog.getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(invitation(clash.name));
  await items.first().getByRole('link').click();

  await expect(ben.page).toHaveURL(new RegExp(`/clashes/${clash.id}$`));
  await expect(dialog).toBeHidden();
  await expect(bell(ben.page)).toHaveAccessibleName('Notifications');
  await expect.poll(async () => (await stored()).length).toBe(0);
});

test('clicking the toast opens the clash and reads the notification', async () => {
  await benListening();
  const clash = await invite(`Toast ${run}`);
  const toastButton = ben.page.locator('.notification-toast', { hasText: invitation(clash.name) });
  await expect(toastButton).toBeVisible({ timeout: 10_000 });
  await toastButton.click();
  await expect(ben.page).toHaveURL(new RegExp(`/clashes/${clash.id}$`));
  await expect(toastButton).toBeHidden();
  await expect(bell(ben.page)).toHaveAccessibleName('Notifications');
  await expect.poll(async () => (await stored()).length).toBe(0);
});

test('invitations made while the page was closed are on the bell at the next visit; mark all read empties the list', async () => {
  await ben.page.goto('about:blank');
  const first = await invite(`Away one ${run}`);
  const second = await invite(`Away two ${run}`);
  await open(ben.page, '/');
  await expect(bell(ben.page)).toHaveAccessibleName('Notifications, 2 unread');

  await bell(ben.page).click();
  const dialog = ben.page.getByRole('dialog', { name: 'Notifications' });
  const items = dialog.getByRole('listitem');
  // Newest first.
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(invitation(second.name));
  await expect(items.nth(1)).toContainText(invitation(first.name));

  await dialog.getByRole('button', { name: 'Dismiss all' }).click();
  await expect(dialog.getByText('No notifications')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Dismiss all' })).toBeDisabled();
  await expect(bell(ben.page)).toHaveAccessibleName('Notifications');
  await expect.poll(async () => (await stored()).length).toBe(0);

  // Escape closes the list and gives the focus back to the bell.
  await ben.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bell(ben.page)).toBeFocused();
});

test('one notification is marked read where it is, from the keyboard, on a phone', async () => {
  await ben.page.setViewportSize(PHONE);
  await benListening();
  const clash = await invite(`Phone ${run}`);
  await expect(bell(ben.page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });
  await expect(bell(ben.page)).toBeInViewport();

  await bell(ben.page).focus();
  await ben.page.keyboard.press('Enter');
  const dialog = ben.page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toBeVisible();
  const item = dialog.getByRole('listitem').filter({ hasText: invitation(clash.name) });
  const read = item.getByRole('button', { name: 'Dismiss' });
  await read.focus();
  await ben.page.keyboard.press('Enter');
  await expect(dialog.getByText('No notifications')).toBeVisible();
  await expect(ben.page).toHaveURL(/\/$/);
  await expect.poll(async () => (await stored()).length).toBe(0);

  // The open list fits the phone: nothing of it is off screen sideways.
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await ben.page.keyboard.press('Escape');
  await ben.page.setViewportSize(DESKTOP);
});

/** Whether two boxes share any area. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the bell fits the bar at every width, beside the player, without covering anything', async () => {
  await benListening();
  const sizes = [
    { width: 320, height: 640 },
    { width: 360, height: 740 },
    { width: 480, height: 800 },
    { width: 481, height: 800 },
    { width: 800, height: 600 },
    { width: 740, height: 360 },
    { width: 1279, height: 800 },
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ];
  const banner = ben.page.getByRole('banner');
  for (const size of sizes) {
    await ben.page.setViewportSize(size);
    const where = `${size.width}x${size.height}`;
    const box = await bell(ben.page).boundingBox();
    expect(box, where).not.toBeNull();
    if (!box) continue;
    expect(box.x, where).toBeGreaterThanOrEqual(0);
    expect(box.y, where).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, where).toBeLessThanOrEqual(size.width);
    expect(box.width, `${where}: a finger-sized target`).toBeGreaterThanOrEqual(36);
    for (const other of ['.brand', '.nav-player', '.burger']) {
      const neighbour = banner.locator(other);
      if (!(await neighbour.isVisible())) continue;
      const near = await neighbour.boundingBox();
      if (near) expect(overlap(box, near), `${where}: the bell covers ${other}`).toBe(false);
    }
    const scroll = await ben.page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(size.width);
  }
  await ben.page.setViewportSize(DESKTOP);
});

test('a guest has no bell', async ({ page }) => {
  await open(page, '/');
  await expect(page.getByRole('banner').locator('.nav-player-name')).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
});

test('a player whose last page closes leaves the active list', async () => {
  await benListening();
  await ben.page.close();
  await expect.poll(() => activeIds(ana.context), { timeout: 15_000 }).not.toContain(ben.id);
  ben.page = await ben.context.newPage();
});
