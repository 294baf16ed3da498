import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` under a process manager: SIGTERM stops the whole app (wrangler and workerd too), frees the
// port, and the script exits when it has. npx between the script and wrangler used to swallow the signal
// and leave workerd answering on the port.

const STARTUP_MS = 40_000;

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

/** The processes of a process group, by pid. */
function groupOf(pgid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
  } catch {
    // ps exits 1 when the group is empty.
    return [];
  }
}

/**
 * Whether the process still runs. A zombie does not: it has exited and waits to be reaped, which is the
 * job of whoever adopted it (in a container that is not always an init that reaps promptly).
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  return stat !== '' && !stat.startsWith('Z');
}

async function healthy(port: number, app: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`start.mjs exited with ${app.exitCode} while starting`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the app did not answer /api/health in time');
}

const persist = mkdtempSync(join(tmpdir(), 'yamb-start-'));
let started: ChildProcess | null = null;

afterAll(() => {
  // Whatever happened above, nothing of this test stays running.
  if (started?.pid) for (const pid of groupOf(started.pid)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(persist, { recursive: true, force: true });
});

describe('npm start', () => {
  it('stops wrangler and workerd on SIGTERM, frees the port, and exits once they have', async () => {
    // wrangler refuses to start without the assets directory; `npm test` makes the same stand-in.
    if (!existsSync('dist/web/index.html')) {
      mkdirSync('dist/web', { recursive: true });
      writeFileSync('dist/web/index.html', '<!doctype html><title>Yamb</title>');
    }
    const port = await freePort();
    const app = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
      env: { ...process.env, PORT: String(port), YAMB_PERSIST_DIR: persist },
      stdio: 'ignore',
      // Its own process group: every process it starts can be listed, and cleaned up if the test fails.
      detached: true,
    });
    started = app;
    const pgid = app.pid ?? 0;
    await healthy(port, app);
    const running = groupOf(pgid);
    // The script, wrangler's launcher, wrangler and workerd at least.
    expect(running.length).toBeGreaterThanOrEqual(4);

    const exited = new Promise<number | null>((resolve) => app.once('exit', (code) => resolve(code)));
    process.kill(app.pid ?? 0, 'SIGTERM');
    expect(await exited).toBe(0);
    // It exits after wrangler, which stops workerd first: the port is free at once. esbuild's service
    // process goes by itself when its parent's pipe closes, a moment later.
    expect(await listening(port)).toBe(false);
    await expect.poll(() => running.filter(alive), { timeout: 5000 }).toEqual([]);
  }, 60_000);
});
