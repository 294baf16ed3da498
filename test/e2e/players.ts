import { spawnSync } from 'node:child_process';
import type { APIRequestContext, Browser, BrowserContext, Page, WebSocket } from '@playwright/test';
import type { ActivePlayers } from '../../contract/presence';
import { expect, test } from './fixtures';
import { serverOf } from './servers';

// Registered players for the browser tests, made through the API as a script would, so a test spends its
// time on the screens it is about.

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };
export const PASSWORD = 'dice-123';

export interface Player {
  name: string;
  id: number;
  context: BrowserContext;
  page: Page;
}

/** Registers `name` and signs in on `request` (a page's or a context's, whose cookies it keeps); its id. */
export async function signUp(request: APIRequestContext, name: string): Promise<number> {
  const registered = await request.post('/api/auth/register', {
    data: { username: name, password: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const signedIn = await request.post('/api/auth/token', { data: { identifier: name, password: PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return ((await (await request.get('/api/players/me')).json()) as { id: number }).id;
}

/** A new registered player signed in in a browser of their own. */
export async function newPlayer(browser: Browser, name: string, viewport = DESKTOP): Promise<Player> {
  const context = await browser.newContext({ viewport });
  const id = await signUp(context.request, name);
  return { name, id, context, page: await context.newPage() };
}

/** Opens `path` and waits for the app's shell. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 15_000 });
}

/**
 * The ids of the players online that `GET /api/players/active?{query}` answers: by `ids=` their own shards
 * say, by `q=` (a name) or a page the online list (the shards' fan-in, told half a second after a join).
 */
export async function onlineIds(request: APIRequestContext, query: string): Promise<number[]> {
  const reply = await request.get(`/api/players/active?${query}`);
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as ActivePlayers)._embedded.players.map((p) => p.id);
}

/**
 * Opens `path` and waits for the app's shell and for the greeting (CONNECTED) on the page's presence
 * socket: from then on the player's pushes reach this page. The shell alone does not say so: the socket
 * joins after a round trip of its own, and a push made before that goes to the database only.
 */
export async function openListening(page: Page, path: string) {
  const greeted = new Promise<void>((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (new URL(ws.url()).pathname !== '/api/ws/players') return;
      ws.on('framereceived', ({ payload }) => {
        if (!String(payload).includes('"CONNECTED"')) return;
        page.off('websocket', onSocket);
        resolve();
      });
    };
    page.on('websocket', onSocket);
  });
  await open(page, path);
  await greeted;
}

/**
 * The page never scrolls sideways (STYLE.md: a layout is tested by its geometry). Asked again until it
 * holds: right after a resize, what measures itself (a chart) takes a frame to follow.
 */
export async function noSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'the page scrolls sideways',
    })
    .toBeLessThanOrEqual(0);
}

/** `npm run admin -- <name>` against the local D1 database of the test's server; the flag holds from the next request. */
export async function makeAdmin(player: Player) {
  // wrangler opens the database file beside the running server, and once in ten full runs that failed: the
  // command (it only sets a flag) is tried again, and a failure ends with the command's own words.
  const failures: string[] = [];
  while (failures.length < 3) {
    const result = spawnSync('npm', ['run', '--silent', 'admin', '--', player.name], {
      encoding: 'utf8',
      env: { ...process.env, YAMB_PERSIST_DIR: serverOf(test.info().parallelIndex).persistDir },
    });
    if (result.status === 0) break;
    failures.push(`${result.stdout}${result.stderr}`);
  }
  if (failures.length === 3)
    throw new Error(`npm run admin -- ${player.name} failed:\n${failures.join('\n')}`);
  await expect
    .poll(
      async () =>
        ((await (await player.context.request.get('/api/players/me')).json()) as { admin: boolean }).admin,
    )
    .toBe(true);
}

/**
 * The servers of the browser tests run with the human check off: the replies that say so (the session
 * probe's, which a visitor without a session registers by, and the health reply) are changed to "on", with
 * a test site key. Cloudflare's script is the caller's to stand in for.
 */
export async function humanCheckOn(page: Page) {
  for (const path of ['**/api/health', '**/api/auth/session'])
    await page.route(path, async (route) => {
      // The health banner asks again now and then: a question still on its way when the test ends fails
      // here (its fetch, or the reading of its answer, which the closing context disposes of), after the
      // test, and the page has nobody left to answer.
      const reply = await route.fetch().catch(() => null);
      const body = reply && ((await reply.json().catch(() => null)) as Record<string, unknown> | null);
      if (!reply || !body) return route.abort().catch(() => undefined);
      if (!('humanCheck' in body)) return route.fulfill({ response: reply }).catch(() => undefined);
      await route
        .fulfill({ response: reply, json: { ...body, humanCheck: 'on', turnstileSiteKey: 'test-site-key' } })
        .catch(() => undefined);
    });
}
