import type { Page } from '@playwright/test';
import type { ClashResource } from '../../contract/clashes';
import type { PushPayload } from '../../contract/push';
import { type FakePushService, startPushService } from '../fakes/pushService.mjs';
import { playTurn as playTurnByApi } from './finishedGames';
import { fullChromium } from './fullChromium';
import { expect, test } from './fixtures';
import { roll } from './playScreen';
import {
  DESKTOP,
  newPlayer,
  noSidewaysScroll,
  open,
  openListening,
  PASSWORD,
  PHONE,
  type Player,
} from './players';

// Told when the tab is closed (issue 29). Headless Chromium has no push service, so Ben's device is a
// subscription at a fake push service (test/fakes/pushService.mjs: it checks the VAPID signature and decrypts
// the payload as a real one would), posted through the same API the settings' "Turn on" posts to. With no
// tab of his open, Ana's move that passes the turn reaches the fake with the clash's link; with his tab open
// the tab is told and nothing is pushed. The settings ask for the browser's permission only when he presses
// "Turn on push on this device".

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);
let fake: FakePushService;
let ana: Player;
let ben: Player;

test.beforeAll(async ({ browser }) => {
  fake = await startPushService();
  ana = await newPlayer(browser, `ana${run}`, DESKTOP);
  ben = await newPlayer(browser, `ben${run}`, PHONE);
});

test.afterAll(async () => {
  for (const p of [ana, ben]) await p?.context.close();
  await fake?.close();
});

/** A started clash of Ana with Ben (created and accepted through the API). */
async function startedClash(name: string) {
  const created = await ana.context.request.post('/api/clashes/', {
    data: { ownerId: ana.id, playerIds: [ana.id, ben.id], type: 'LIVE', name },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clash = (await created.json()) as ClashResource;
  const accepted = await ben.context.request.put(`/api/clashes/${clash.id}/accept`, {
    data: { playerId: ben.id },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return clash.id;
}

/** Rolls and writes the first box offered: the move that passes the turn. */
async function playTurn(page: Page) {
  await roll(page);
  await page.locator('.sheet-button[aria-label^="Write"]').first().click();
  await expect(page.locator('.clash-turn')).not.toHaveText('Your turn', { timeout: 15_000 });
}

test('with no tab open Ben gets a push with the clash link when it becomes his turn; with his tab open, none', async () => {
  test.setTimeout(120_000);
  const device = fake.subscribe();
  const subscribed = await ben.context.request.post('/api/push-subscriptions/', { data: device });
  expect(subscribed.status(), await subscribed.text()).toBe(201);

  const clashId = await startedClash(`Push ${run}`);
  await open(ana.page, `/clashes/${clashId}`);
  await expect(ana.page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 15_000 });
  // Ben has no tab of Yamb open (his page is blank): the push goes to his device.
  await playTurn(ana.page);
  await expect
    .poll(() => fake.received.filter((r) => r.id === device.id).length, { timeout: 10_000 })
    .toBe(1);
  expect(fake.refused).toEqual([]);
  const [push] = fake.received.filter((r) => r.id === device.id);
  expect(push?.payload).toMatchObject({ kind: 'clash-turn', link: `/clashes/${clashId}` });
  expect(push?.payload.body).toContain(`Push ${run}`);

  // Ben comes back by the link, plays, and keeps Yamb open on another screen: his tab is told, no push.
  await open(ben.page, `/clashes/${clashId}`);
  await expect(ben.page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 15_000 });
  await playTurn(ben.page);
  await openListening(ben.page, '/settings');
  await expect(ana.page.locator('.clash-turn')).toHaveText('Your turn', { timeout: 15_000 });
  await playTurn(ana.page);
  await expect(ben.page.locator('.notification-toast', { hasText: `Push ${run}` })).toBeVisible({
    timeout: 10_000,
  });
  // Whether to push is decided from this very delivery to his tab (Presence.push tells how many tabs got it),
  // before the toast could show: still only the first push.
  expect(fake.received.filter((r) => r.id === device.id)).toHaveLength(1);
});

test('the settings ask for the permission only when push is turned on, and the choices are saved', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Ben on a device of his own where the app's service worker may run (the other tests block it).
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
  const signedIn = await context.request.post('/api/auth/token', {
    data: { identifier: ben.name, password: PASSWORD },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const page = await context.newPage();
  // This machine's headless Chromium answers every notification permission "denied" from the start, even
  // granted through Playwright. The browser's own API (not ours) is made to behave as for a player who was
  // never asked: "default" until the page asks, then the player's answer, here a refusal. It counts the asks.
  await page.addInitScript(() => {
    const browser = window as unknown as { asked: number };
    browser.asked = 0;
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => permission });
    Notification.requestPermission = async () => {
      browser.asked += 1;
      permission = 'denied';
      return permission;
    };
  });
  for (const viewport of [PHONE, { width: 320, height: 640 }, DESKTOP]) {
    await page.setViewportSize(viewport);
    await open(page, '/settings');
    const section = page.getByRole('region', { name: 'Notifications' });
    await expect(section).toBeVisible({ timeout: 15_000 });
    await noSidewaysScroll(page);
    // The choices' table stays inside its card at every width.
    const card = (await page.locator('.card.settings').boundingBox())!;
    const table = (await section.locator('table').boundingBox())!;
    expect(table.x).toBeGreaterThanOrEqual(card.x);
    expect(table.x + table.width).toBeLessThanOrEqual(card.x + card.width + 0.5);
  }
  expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);

  const section = page.getByRole('region', { name: 'Notifications' });
  await section.getByRole('button', { name: 'Turn on push on this device' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
  // Refused: the page says plainly where push can be allowed again, and offers no button that cannot work.
  await expect(section.getByRole('status')).toHaveText(
    "Notifications are blocked for this site. Allow them in your browser's site settings to turn push on.",
  );
  await expect(section.getByRole('button', { name: /push on this device/ })).toHaveCount(0);

  // Per kind and channel: e-mail for "your turn", kept on the server.
  const email = section.getByRole('checkbox', { name: 'It is your turn: E-mail' });
  await expect(email).not.toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'It is your turn: Push' })).toBeChecked();
  await email.check();
  await expect(page.getByText('Notification choices saved')).toBeVisible();
  const saved = await (await context.request.get(`/api/players/${ben.id}/preferences`)).json();
  expect(saved.notifications.kinds['clash-turn']).toEqual({ push: true, email: true });
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'It is your turn: E-mail' })).toBeChecked({
    timeout: 15_000,
  });
  await context.close();
});

test('the app’s service worker shows the pushed turn as a notification that links to the clash', async ({
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const device = fake.subscribe();
  const subscribed = await ben.context.request.post('/api/push-subscriptions/', { data: device });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  await ben.page.goto('about:blank');
  const clashId = await startedClash(`Shown ${run}`);
  const clash = (await (await ana.context.request.get(`/api/clashes/${clashId}`)).json()) as ClashResource;
  await playTurnByApi(ana.context.request, clash.players[0]?.gameId as number);
  await expect
    .poll(() => fake.received.filter((r) => r.id === device.id).length, { timeout: 10_000 })
    .toBe(1);
  const payload = fake.received.find((r) => r.id === device.id)?.payload as PushPayload;

  // Ben's phone: the full Chromium with a profile of its own (the headless shell answers every notification
  // permission "denied"). It has no push service to subscribe at, so DevTools hands the worker the very
  // payload the fake service decrypted, as the push service would.
  const context = await fullChromium(playwright, testInfo, baseURL);
  try {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    const page = await context.newPage();
    await open(page, '/');
    // The worker is active (installed, its precache written) before a push can reach it.
    await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active;
      if (!worker || worker.state === 'activated') return;
      await new Promise((done) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)),
      );
    });
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBe(1);
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: `${new URL(baseURL as string).origin}/`,
        registrationId: registrations.find((r) => !r.isDeleted)?.registrationId as string,
        data: JSON.stringify(payload),
      });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        })),
      );
    await deliver();
    // One notification per clash, in Ben's words, carrying the link its click opens. A push the busy
    // browser dropped is pushed again, as a push service retries: the clash's tag keeps it one.
    await expect
      .poll(
        async () => {
          const now = await shown();
          if (now.length === 0) await deliver();
          return now;
        },
        { timeout: 20_000 },
      )
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: `/clashes/${clashId}`,
          data: { link: `/clashes/${clashId}` },
        },
      ]);
    expect(payload.body).toContain(`Shown ${run}`);
  } finally {
    await context.close();
  }
});
