import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fullChromium } from './fullChromium';
import { rollButton } from './playScreen';
import { DESKTOP, open, PHONE } from './players';

// Issue 28: the app is installable (a manifest with its icons, a service worker, Chromium's own verdict read
// through the DevTools protocol), offers installation in the settings while the browser does, and a new
// version waits for the player's click: a prompt, never a reload by itself.

// playwright.config.ts blocks service workers for every other spec.
test.use({ serviceWorkers: 'allow' });

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** A PNG's width and height, from its IHDR chunk (bytes 16 to 23). */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

/** Waits until the page's service worker is active (registered after the play screen is up), then reloads
 *  so that it controls the page. */
async function controlledBySW(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

test('the manifest names the app, both themes and its icons; the worker and the manifest are never cached for good', async ({
  request,
}) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).not.toContain('immutable');
  const manifest = (await answer.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Yamb',
    short_name: 'Yamb',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0d241d',
    background_color: '#0d241d',
  });
  for (const size of ['192x192', '512x512'])
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `a ${purpose} icon of ${size}`).toBeDefined();
      const png = await request.get(icon!.src);
      expect(png.status()).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(pngSize(await png.body())).toBe(size);
    }

  // The worker's script is the worker (not the SPA's index.html for an unknown path), and a browser asks
  // again each time it looks for a new version.
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toContain('javascript');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(await sw.text()).toContain('index.html');
  // The bundles keep their long cache.
  const page = await request.get('/');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect((await request.get(script!)).headers()['cache-control']).toContain('immutable');
});

test('Chromium finds the app installable and offers to install it; the worker controls the page after a reload', async ({
  playwright,
  baseURL,
}, testInfo) => {
  // Chromium never finds an app installable in an incognito profile (its error "in-incognito"), which every
  // context of a Playwright browser is: this test has a browser profile of its own.
  // The headless shell the other tests run in never offers to install an app: that is the browser's.
  const context = await fullChromium(playwright, testInfo, baseURL);
  try {
    const page = await context.newPage();
    await open(page, '/');
    await expect(rollButton(page)).toBeEnabled({ timeout: 15_000 });
    // Both themes colour the installed app's title bar.
    for (const [scheme, colour] of [
      ['dark', '#0d241d'],
      ['light', '#f5eedd'],
    ])
      await expect(
        page.locator(`meta[name="theme-color"][media="(prefers-color-scheme: ${scheme})"]`),
      ).toHaveAttribute('content', colour);
    await controlledBySW(page);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        return installabilityErrors.map((error) => error.errorId);
      })
      .toEqual([]);
    // The worker answers the reload from its precache: the shell and the play screen come as before.
    await expect(rollButton(page)).toBeEnabled({ timeout: 15_000 });
    // Installable, Chromium offers it (beforeinstallprompt); the settings have the button for it.
    await open(page, '/settings');
    await expect(page.getByTestId('install-app')).toBeVisible({ timeout: 15_000 });
  } finally {
    await context.close();
  }
});

test('the settings offer to install the app while the browser does, and the button opens its dialog', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await open(page, '/settings');
  const install = page.getByTestId('install-app');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(install).toHaveCount(0);
  // Headless Chromium does not fire beforeinstallprompt by itself (it waits for engagement with the site):
  // the test fires one, with the prompt() the real event has.
  const prevented = await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(offer, {
      prompt: () => {
        (window as unknown as { prompted: boolean }).prompted = true;
        return Promise.resolve();
      },
    });
    window.dispatchEvent(offer);
    return offer.defaultPrevented;
  });
  // The app keeps the offer for its own button: no mini bar of the browser's.
  expect(prevented).toBe(true);
  await expect(install).toBeVisible();
  await expect(install).toHaveAccessibleName('Install app');
  const box = await install.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= DESKTOP.width).toBe(true);
  await install.click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  // An offer is good for one dialog; once installed the browser offers no more.
  await expect(install).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(install).toHaveCount(0);
});

test('a new version waiting shows "Reload to update"; the page reloads only when the player clicks it', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await open(page, '/');
  await expect(rollButton(page)).toBeEnabled({ timeout: 15_000 });
  await controlledBySW(page);
  await expect(rollButton(page)).toBeEnabled({ timeout: 15_000 });
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'still here';
  });
  // A new version of the app arrives while the page is open. Playwright's routing does not see the browser's
  // fetch of a worker's script (page.route and context.route alike), so the served sw.js cannot be changed
  // on its way: the new version is the same script under another address (/sw.js?next), which the browser
  // installs as the registration's next worker all the same. It waits, as a deployed new version does.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next', { scope: '/' }));
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(prompt).toContainText('A new version of Yamb is ready.');
  const reload = prompt.getByRole('button', { name: 'Reload to update' });
  const box = await reload.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  // Nothing happens by itself: the new version waits, the old one still controls the page, and the page (and
  // a game in it) stays as it was.
  const workers = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return {
      waiting: registration?.waiting?.state ?? null,
      controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    };
  });
  expect(workers).toEqual({ waiting: 'installed', controller: expect.stringMatching(/\/sw\.js$/) });
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
  await expect(rollButton(page)).toBeEnabled();

  await Promise.all([page.waitForEvent('load'), reload.click()]);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  await expect(rollButton(page)).toBeEnabled({ timeout: 15_000 });
  // The new version controls the page it reloaded. (The page then registers /sw.js again, another address
  // than this test's: to the browser that is one more new version, so no check that nothing waits.)
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?next$/);
});
