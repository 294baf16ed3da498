import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { humanCheckOn } from './players';

// The SPA's answers carry the policy the app runs under (DESIGN.md, "Accounts and security"), and a first
// visit runs under it with nothing refused: the inline theme script by its hash, the bundles, the live
// socket, the human check's script and frame. The fixture fails any test with a violation; here the
// policy itself is checked, and that the fixture does see what the policy refuses.

const TURNSTILE = 'https://challenges.cloudflare.com';

/** A CSP header as `{directive: [sources]}`. */
function directives(header: string | undefined): Record<string, string[]> {
  const entries = (header ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name)
    .map(([name, ...sources]) => [name, sources]);
  return Object.fromEntries(entries);
}

/** The CSP source that allows each inline (src-less) script of an HTML document. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
  );
}

test('the page, a deep link and the bundles carry the CSP, nosniff and the referrer policy; the bundles are kept for good', async ({
  request,
}) => {
  for (const path of ['/', '/profile']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-type']).toContain('text/html');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The theme bootstrap is the one inline script, allowed by the hash of the file as served.
    const hashes = inlineScriptHashes(await response.text());
    expect(hashes).toHaveLength(1);
    expect(directives(headers['content-security-policy'])).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", ...hashes, TURNSTILE],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'"],
      'frame-src': [TURNSTILE],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  }

  const html = await (await request.get('/')).text();
  const bundles = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(([, path]) => path);
  expect(bundles.length).toBeGreaterThanOrEqual(2);
  for (const path of bundles) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
    // Named after their content, the bundles are kept for good; the page itself is asked for every time.
    expect(response.headers()['cache-control'], path).toBe('public, max-age=31536000, immutable');
  }
  expect((await request.get('/')).headers()['cache-control'] ?? '').not.toContain('immutable');
});

const rollButton = (page: Page) => page.getByRole('button', { name: /^Roll \d\/3$/ });

test.describe('a first visit under the policy', () => {
  test.use({ reducedMotion: 'reduce' });

  test('plays a roll over the live socket, then opens the sign-up page, with nothing refused', async ({
    page,
    baseURL,
    cspViolations,
  }) => {
    const frames: string[] = [];
    // The game's socket (the presence channel opens beside it, in either order).
    const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/api/ws/games/') });
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(String(payload))));
    await page.goto('/');
    const roll = rollButton(page);
    await expect(roll).toBeVisible({ timeout: 20_000 });
    // connect-src 'self' covers the page's own host on ws: (the socket is no other origin).
    expect((await socket).url()).toMatch(
      new RegExp(`^ws://${new URL(baseURL ?? '').host}/api/ws/games/\\d+$`),
    );
    // The room's greeting came through it.
    await expect.poll(() => frames.some((frame) => frame.includes('"GAME"'))).toBe(true);

    await expect(roll).toHaveText('Roll 0/3');
    await roll.click();
    await expect(roll).toHaveText('Roll 1/3');
    await expect(page.locator('.sheet-button').first()).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sign up' })
      .click();
    await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
    await page.getByLabel('Username').fill('csp1check');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    // The theme bootstrap ran (it sets data-theme before the bundle does).
    await expect(page.locator('html')).toHaveAttribute('data-theme', /^(dark|light)$/);
    expect(cspViolations).toEqual([]);
  });

  test('loads the human check from Cloudflare: its script and its frame', async ({ page, cspViolations }) => {
    // The check is on (humanCheckOn); Cloudflare's script and frame are stand-ins served at their real
    // addresses, so the policy judges exactly those URLs.
    await humanCheckOn(page);
    await page.route(`${TURNSTILE}/turnstile/v0/api.js*`, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.turnstile = {
          render(container, options) {
            const frame = document.createElement('iframe');
            frame.src = '${TURNSTILE}/cdn-cgi/challenge-platform/turnstile/if/' + options.action;
            frame.title = 'Human check';
            frame.addEventListener('load', () => options.callback('token-for-' + options.action));
            container.append(frame);
            return 'widget-1';
          },
          remove() {},
        };`,
      }),
    );
    await page.route(`${TURNSTILE}/cdn-cgi/challenge-platform/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>challenge</title><p>ok</p>' }),
    );
    const guest = page.waitForRequest((r) => r.url().endsWith('/api/auth/register-guest'));
    await page.goto('/register');
    // The token comes from the frame's load: the frame was allowed, and the script before it.
    expect((await guest).headers()['x-recaptcha-token']).toBe('token-for-register');
    await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible({ timeout: 15_000 });
    expect(cspViolations).toEqual([]);
  });
});

test('what the policy refuses is refused, and the fixture sees it', async ({ page, cspViolations }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 15_000 });
  const ran = await page.evaluate(async () => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__injected = true;';
    document.head.append(inline);
    const foreign = document.createElement('script');
    foreign.src = 'https://scripts.example/steal.js';
    const refused = new Promise((resolve) => foreign.addEventListener('error', resolve));
    document.head.append(foreign);
    await refused;
    return (window as unknown as { __injected?: boolean }).__injected ?? false;
  });
  expect(ran).toBe(false);
  await expect
    .poll(() => cspViolations.filter((line) => !line.startsWith('console:')))
    .toEqual([
      expect.stringContaining('script-src-elem refused inline'),
      expect.stringContaining('script-src-elem refused https://scripts.example/steal.js'),
    ]);
  // Chromium's console says it too, in its own words.
  expect(cspViolations.filter((line) => line.startsWith('console:'))).toEqual([
    expect.stringMatching(/inline script violates the following Content Security Policy directive/),
    expect.stringMatching(/steal\.js' violates the following Content Security Policy directive/),
  ]);
  // Seen and checked: the fixture's own check after the test has nothing left to complain about.
  cspViolations.splice(0);
});
