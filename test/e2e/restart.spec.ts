import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { ClashResource } from '../../contract/clashes';
import type { GameResource } from '../../contract/games';
import type { Health } from '../../contract/health';
import { expect, test } from './fixtures';
import { roll, rollButton } from './playScreen';
import { DESKTOP, onlineIds, open, type Player, signUp } from './players';
import { RESTART_PORT } from './servers';

// Faults, in the browser. A whole local server killed with SIGKILL in the middle of a clash and
// started again on the same data: every answered move is there, both browsers reconnect and catch up, and
// play goes on; a player who closed her tab while it was down is not offered as online in the picker. This
// file starts a server of its own (not the config's webServer, which it must not kill) on a port and a data
// directory of its own, from what the config's first server built (dist/web, dist/worker).
// And the banner the app shows while /api/health says a service is down.

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

const PORT = RESTART_PORT;
const BASE = `http://127.0.0.1:${PORT}`;
const run = Date.now().toString(36).slice(-6);

/** One scripts/serve.mjs without the build: node and its workerd, in a process group of their own. */
class Server {
  #child: ChildProcess | null = null;
  // Made at the first start, not at import: Playwright also loads this file to list its tests.
  #persist = '';

  get log() {
    return `${this.#persist}.log`;
  }

  async start() {
    this.#persist ||= mkdtempSync(join(tmpdir(), 'yamb-restart-'));
    const out = openSync(this.log, 'a');
    // detached: the server leads a new process group, so one kill reaches its workerd too.
    this.#child = spawn('node', ['scripts/serve.mjs', '--no-build'], {
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, PORT, YAMB_PERSIST_DIR: this.#persist },
    });
    await expect
      .poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status ?? 0, {
        timeout: 120_000,
        intervals: [250, 500, 1000],
        message: `the server on ${PORT} answers its health (log: ${this.log})`,
      })
      .toBe(200);
  }

  /** SIGKILL to the whole group: no shutdown, no flush, as a power cut would leave it. */
  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    const child = this.#child;
    if (!child?.pid) return;
    this.#child = null;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
    if (child.exitCode === null && child.signalCode === null) await exited;
    // Nothing of the group may be left answering on the port.
    await expect
      .poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status ?? 0, {
        timeout: 15_000,
      })
      .toBe(0);
  }

  remove() {
    if (!this.#persist) return;
    rmSync(this.#persist, { recursive: true, force: true });
    rmSync(this.log, { force: true });
  }
}

const server = new Server();

let ana: Player;
let ben: Player;
/** Online when the server is killed, and gone (her tab closed) before it is back. */
let cleo: Player;
let clashId = 0;

async function playerOn(browser: Browser, name: string): Promise<Player> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE });
  const id = await signUp(context.request, name);
  return { name, id, context, page: await context.newPage() };
}

/** The ids of the players named `name` on the online list (the shards' fan-in, which the picker pages). */
const listedAs = (name: string) => onlineIds(ana.context.request, `q=${name}`);

/** Whether the player's own shard has a channel of theirs open. */
const hereByShard = async (player: Player) =>
  (await onlineIds(ana.context.request, `ids=${player.id}`)).includes(player.id);

async function clashOf(request: APIRequestContext): Promise<ClashResource> {
  const reply = await request.get(`/api/clashes/${clashId}`);
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as ClashResource;
}

async function gameOf(request: APIRequestContext, gameId: number): Promise<GameResource> {
  const reply = await request.get(`/api/games/${gameId}`);
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as GameResource;
}

/** What a restart must not change: the clash and both games as the server last answered them. */
async function answeredState() {
  const clash = await clashOf(ana.context.request);
  const games = await Promise.all(
    clash.players.map((p, i) => gameOf((i === 0 ? ana : ben).context.request, p.gameId as number)),
  );
  const view = (g: GameResource) => ({
    sheet: g.sheet,
    dice: g.dices.map((d) => d.value),
    rollCount: g.rollCount,
    totalSum: g.totalSum,
    updatedAt: g.updatedAt,
  });
  return {
    turn: clash.turn,
    scores: clash.players.map((p) => p.score),
    games: games.map(view),
  };
}

const turnLine = (page: Page) => page.locator('.clash-turn');
const reconnecting = (page: Page) => page.locator('.clash-live-chip');

/** The page shows the clash as the server has it: scores and the player on turn (updates come 1.5 s late). */
async function caughtUp(page: Page) {
  const clash = await clashOf(ana.context.request);
  await expect(page.locator('.clash-player-score')).toHaveText(
    clash.players.map((p) => new RegExp(`${p.score ?? 0}$`)),
    { timeout: 30_000 },
  );
  await expect(page.locator('.clash-player--turn')).toContainText(clash.players[clash.turn]?.name ?? '');
}

/** Fills the first box the board offers (after a roll) and waits for the turn to pass. */
async function fillFirst(page: Page) {
  const fill = page.locator('.sheet-button[aria-label^="Write"]').first();
  await expect(fill).toBeVisible();
  await fill.click();
  await expect(page.locator('button.roll-button:enabled')).toHaveCount(0);
}

/** A whole turn in the browser: roll, fill the first box offered. */
async function playTurnInBrowser(page: Page) {
  await expect(turnLine(page)).toHaveText('Your turn', { timeout: 15_000 });
  await expect(rollButton(page)).toBeEnabled({ timeout: 10_000 });
  await roll(page);
  await fillFirst(page);
}

test.describe('the server killed mid-clash and started again', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    await server.start();
    ana = await playerOn(browser, `rana${run}`);
    ben = await playerOn(browser, `rben${run}`);
    cleo = await playerOn(browser, `rcleo${run}`);
  });

  test.afterAll(async () => {
    await ana?.context.close();
    await ben?.context.close();
    await cleo?.context.close();
    await server.kill();
    server.remove();
  });

  test('every answered move is kept; both browsers reconnect, catch up and play on', async () => {
    test.setTimeout(240_000);
    const created = await ana.context.request.post('/api/clashes/', {
      data: { ownerId: ana.id, playerIds: [ana.id, ben.id], type: 'LIVE', name: `Restart ${run}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    clashId = ((await created.json()) as ClashResource).id;
    const accepted = await ben.context.request.put(`/api/clashes/${clashId}/accept`, {
      data: { playerId: ben.id },
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);

    await open(ana.page, `/clashes/${clashId}`);
    await open(ben.page, `/clashes/${clashId}`);
    await open(cleo.page, '/');
    await expect.poll(() => listedAs(cleo.name), { timeout: 15_000 }).toEqual([cleo.id]);
    // Moves made in the browsers, each answered: a turn each, then Ana's roll of her second turn.
    await playTurnInBrowser(ana.page);
    await playTurnInBrowser(ben.page);
    await expect(turnLine(ana.page)).toHaveText('Your turn', { timeout: 15_000 });
    await roll(ana.page);
    await caughtUp(ben.page);
    const before = await answeredState();
    const rollLabel = (await rollButton(ana.page).textContent()) ?? '';
    expect(before.turn).toBe(0);
    expect(before.games[0]?.rollCount).toBe(1);

    await server.kill('SIGKILL');
    // Both browsers notice: their clash sockets are closed, and they say they are connecting again.
    await expect(reconnecting(ana.page)).toBeVisible({ timeout: 30_000 });
    await expect(reconnecting(ben.page)).toBeVisible({ timeout: 30_000 });
    // Cleo closes her tab while the server is down: nobody is there to hear her leave.
    await cleo.context.close();

    await server.start();
    expect(await answeredState()).toEqual(before);
    for (const page of [ana.page, ben.page]) {
      // Reconnected (partysocket tries every 5 s) and caught up, without a reload.
      await expect(reconnecting(page)).toHaveCount(0, { timeout: 30_000 });
      await caughtUp(page);
    }
    await expect(turnLine(ben.page)).not.toHaveText('Your turn');
    // Ana's board still holds her answered roll: one roll used, the next one offered.
    await expect(rollButton(ana.page)).toHaveText(rollLabel);
    await expect(rollButton(ana.page)).toBeEnabled({ timeout: 10_000 });

    // Play goes on from there: Ana fills, and Ben, told live, plays his turn.
    await fillFirst(ana.page);
    await playTurnInBrowser(ben.page);
    const after = await answeredState();
    expect(after.turn).toBe(0);
    const filled = (g: (typeof after.games)[number]) =>
      g?.sheet.columns.flatMap((c) => c.boxes).filter((b) => b.value !== null).length;
    expect(after.games.map(filled)).toEqual([2, 2]);
    await caughtUp(ana.page);

    // The online list still holds Cleo (her shard's resync mends it within minutes), Ben is back on it, and
    // her own shard says she is gone: Ana's picker offers Ben as online now, and not Cleo.
    await expect.poll(() => listedAs(ben.name), { timeout: 15_000 }).toEqual([ben.id]);
    expect(await listedAs(cleo.name)).toEqual([cleo.id]);
    expect(await hereByShard(cleo)).toBe(false);
    await open(ana.page, '/clashes');
    await expect(ana.page.getByRole('button', { name: `Choose ${ben.name} online` })).toBeVisible({
      timeout: 15_000,
    });
    await expect(ana.page.getByRole('button', { name: new RegExp(`Choose ${cleo.name}`) })).toHaveCount(0);
  });
});

test.describe('a service down', () => {
  const healthOf = (databaseUp: boolean): Health => ({
    status: databaseUp ? 'ok' : 'degraded',
    version: 'test',
    environment: 'development',
    humanCheck: 'off',
    services: {
      database: { up: databaseUp, latencyMs: 1 },
      storage: { up: true, latencyMs: 1 },
      rooms: { up: true, latencyMs: 1 },
    },
  });

  test('the app says plainly that the database is down and what still works, and stops once it is back', async ({
    page,
  }) => {
    let databaseUp = false;
    await page.route('**/api/health', (route) =>
      route.fulfill({ status: databaseUp ? 200 : 503, json: healthOf(databaseUp) }),
    );
    await open(page, '/');
    const banner = page.getByRole('status').filter({ hasText: 'The database is unavailable' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('your game goes on');
    // Told again (as the banner's poll or the status tab asks), the outage is over and the banner goes.
    databaseUp = true;
    await open(page, '/about');
    await expect(banner).toHaveCount(0);
  });
});
