// What the benchmarks share: a cookie-keeping HTTP client, timing and percentiles, the rules bundled for
// Node, and a socket that hands its messages over one at a time. (bench/*.mjs are run by scripts/bench.mjs;
// this folder is not.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import WebSocket from 'ws';

export const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8791';
const origin = new URL(BASE).origin;

/**
 * The modules `contents` exports (TypeScript sources of the app), bundled for plain Node: a bench runs the
 * app's own code, never a second copy of it. Each call loads a fresh copy (its own module state).
 */
export async function loadModules(contents) {
  const dir = mkdtempSync(join(tmpdir(), 'yamb-bench-'));
  const file = join(dir, 'bundle.mjs');
  const bundle = await build({
    stdin: { contents, resolveDir: '.', loader: 'ts' },
    bundle: true,
    format: 'esm',
    write: false,
  });
  writeFileSync(file, bundle.outputFiles[0].text);
  const modules = await import(pathToFileURL(file).href);
  rmSync(dir, { recursive: true, force: true });
  return modules;
}

/**
 * The rules live once, in game/ (TypeScript), the wire shapes in contract/: bundled for plain Node so a
 * bench picks boxes the way the server judges them, instead of a second copy of the rules.
 */
export const loadRules = () =>
  loadModules(
    "export * from './game/index.ts'; export { toGameState } from './contract/games.ts'; export { mulberry32 } from './game/seeded.ts';",
  );

/** One visitor: a cookie jar and the Origin a browser would send. `address` sets CF-Connecting-IP. */
export function client(address) {
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function call(method, path, body) {
    const response = await fetch(BASE + path, {
      method,
      headers: {
        Origin: origin,
        Cookie: cookie(),
        'Content-Type': 'application/json',
        ...(address ? { 'CF-Connecting-IP': address } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const json = response.status === 204 ? null : await response.json();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${json?.key}`);
    return json;
  }
  return { call, cookie };
}

/**
 * A socket on `path` with `visitor`'s cookies; `next()` resolves with the next message (`{at, body}`,
 * `at` from performance.now()), `nextOf(type)` skips to the next message of that type.
 */
export async function listen(path, visitor) {
  const socket = new WebSocket(`${BASE.replace(/^http/, 'ws')}${path}`, {
    headers: { Cookie: visitor.cookie(), Origin: origin },
  });
  const queue = [];
  const waiting = [];
  socket.on('message', (data) => {
    const message = { at: performance.now(), body: JSON.parse(String(data)) };
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r)));
  async function nextOf(type) {
    for (;;) {
      const message = await next();
      if (message.body.type === type) return message;
    }
  }
  return { next, nextOf, close: () => socket.close() };
}

export async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}

export const fmt = (ms) => ms.toFixed(2).padStart(8);

/**
 * The echo floor: `count` round trips (after 20 to warm up) through a room that does nothing, a solo game's
 * room (any room is as far): what the Worker → Durable Object → back path costs before any work.
 */
export async function echoFloor(count) {
  const solo = client();
  const me = await solo.call('POST', '/api/auth/register-guest', {});
  const game = await solo.call('PUT', '/api/games/', { playerId: me.id });
  const samples = [];
  for (let i = 0; i < 20 + count; i++) {
    const { ms } = await timed(() => solo.call('GET', `/api/dev/echo/${game.id}`));
    if (i >= 20) samples.push(ms);
  }
  return samples;
}
