// The browser tests' servers: one per Playwright worker, each on a port and a data directory of its own,
// so that tests running side by side never share a database, a rate-limit counter, a quick-match queue
// or the players online. playwright.config.ts starts them; the fixtures point each worker's pages and API
// requests at its own (fixtures.ts `baseURL`).

/**
 * Playwright workers, and so servers (E2E_WORKERS): three by default. A browser test spends much of its time
 * waiting (SPEC section 9's roll and box locks, a socket's answer, a clock), and a third worker fills those
 * waits on the 2-core machine the suite is timed on: the browser layer took 323 s with three (582 CPU-s, the
 * cores 90 % busy) against 379-447 s with two (78 % busy). Each server is `node scripts/serve.mjs`: the built
 * Worker and assets in Miniflare's workerd, which the browser reaches directly. Under `wrangler dev` (npm
 * start) two workers hung in 2 of 5 full runs: wrangler dev's proxy Worker, in front of the app, now and then
 * never answered one stylesheet request of a page (workers-sdk#14641, a keep-alive race in that proxy);
 * serve.mjs has no proxy, and no full run on it has hung. (workerd's own 5 s keep-alive close is met by
 * fixtures.ts `resendOnStaleConnection`.)
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

/** The first server's port (E2E_PORT); the next worker's is the one after. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 8788);

/** Where the servers keep their local D1, R2 and Durable Objects: one directory each under this one. */
const DATA_ROOT = process.env.E2E_PERSIST_DIR ?? '.wrangler/e2e';

export interface Server {
  port: number;
  url: string;
  /** Its YAMB_PERSIST_DIR (scripts/serve.mjs), which `npm run admin` must be given too. */
  persistDir: string;
}

/** The server of the worker with this `parallelIndex` (0 to WORKERS - 1). */
export function serverOf(index: number): Server {
  const port = BASE_PORT + index;
  return { port, url: `http://127.0.0.1:${port}`, persistDir: `${DATA_ROOT}/w${index}` };
}

/** The port of the server restart.spec.ts starts and kills itself: the one after the workers' servers. */
export const RESTART_PORT = process.env.E2E_RESTART_PORT ?? String(BASE_PORT + WORKERS);
