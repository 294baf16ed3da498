// What bench/load.mjs needs beside the harness: sockets that only count what they hear (hundreds of them
// open at once, nobody reading a queue), a bounded pool for setting players up, and a tally of latencies
// and errors per kind of action.
import WebSocket from 'ws';
import { BASE, summary } from './harness.mjs';

const origin = new URL(BASE).origin;

/**
 * A socket on `path` with `visitor`'s cookies that calls `onMessage(body, at)` for each message and
 * counts it in `tally` (by the message's type); an error or a close we did not ask for is an error.
 */
export async function openCounting(path, visitor, tally, onMessage = () => {}) {
  const socket = new WebSocket(`${BASE.replace(/^http/, 'ws')}${path}`, {
    headers: { Cookie: visitor.cookie(), Origin: origin },
  });
  let closing = false;
  socket.on('message', (data) => {
    const text = String(data);
    const body = JSON.parse(text);
    tally.message(body.type, text.length);
    onMessage(body, performance.now());
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.on('error', (error) => tally.error(`socket ${path.split('/')[3]}`, error));
  socket.on('close', (code) => {
    if (!closing) tally.error(`socket ${path.split('/')[3]} closed ${code}`);
  });
  return {
    close() {
      closing = true;
      socket.close();
    },
  };
}

/** Runs `work(item, i)` for every item with at most `limit` at once; resolves with the results in order. */
export async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Latency samples per action kind, errors per kind, and socket messages per type. */
export function tally() {
  const samples = new Map();
  const errors = new Map();
  const messages = new Map();
  const firstErrors = [];
  return {
    samples,
    errors,
    messages,
    firstErrors,
    add(kind, ms) {
      if (!samples.has(kind)) samples.set(kind, []);
      samples.get(kind).push(ms);
    },
    error(kind, error) {
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
      if (firstErrors.length < 5) firstErrors.push(`${kind}: ${error ?? ''}`);
    },
    message(type, bytes) {
      const seen = messages.get(type) ?? { count: 0, bytes: 0 };
      messages.set(type, { count: seen.count + 1, bytes: seen.bytes + bytes });
    },
    errorCount: () => [...errors.values()].reduce((a, b) => a + b, 0),
    actions: () => [...samples.values()].reduce((a, b) => a + b.length, 0),
    summaries: () => [...samples].map(([kind, ms]) => [kind, summary(ms)]),
  };
}

/**
 * Times `work` under `kind` in `t`; a failure is counted as an error of that kind and rethrown, so the
 * player it belongs to stops rather than playing on from a state it no longer knows.
 */
export async function measured(t, kind, work) {
  const started = performance.now();
  try {
    const result = await work();
    t.add(kind, performance.now() - started);
    return result;
  } catch (error) {
    // undici's "fetch failed" says why only in its cause (a reset connection, a refused one).
    t.error(kind, [error.message, error.cause?.code ?? error.cause?.message].filter(Boolean).join(': '));
    throw error;
  }
}

/** Requests per second of `request()` with `concurrency` callers for `seconds`, and its latencies. */
export async function throughput(request, { concurrency, seconds }) {
  const samples = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await request();
          samples.push(performance.now() - started);
        } catch {
          failed += 1;
        }
      }
    }),
  );
  return { perSecond: samples.length / seconds, failed, ...summary(samples) };
}
