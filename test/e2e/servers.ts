// The browser tests' servers: one per Playwright worker, each on a port and a data directory of its own,
// so that tests running side by side never share a database, a rate-limit counter, a quick-match queue
// or the players online. playwright.config.ts starts them; the fixtures point each worker's pages and API
// requests at its own (fixtures.ts `baseURL`).

/**
 * Playwright workers, and so servers (E2E_WORKERS): one by default. Two run the browser layer in ~6 min
 * instead of ~7.7 on a 2-core machine, but in 2 of 5 full runs that way wrangler dev never answered one
 * request for a page's stylesheet (sent by the browser; it is served by wrangler's proxy and asset layer,
 * not our Worker; workers-sdk#14641 describes a keep-alive race in that proxy), so CI keeps one;
 * `E2E_WORKERS=2 npm test` for a quicker local run.
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

/** The first server's port (E2E_PORT); the next worker's is the one after. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 8788);

/** Where the servers keep their local D1, R2 and Durable Objects: one directory each under this one. */
const DATA_ROOT = process.env.E2E_PERSIST_DIR ?? '.wrangler/e2e';

export interface Server {
  port: number;
  url: string;
  /** Its YAMB_PERSIST_DIR (scripts/start.mjs), which `npm run admin` must be given too. */
  persistDir: string;
}

/** The server of the worker with this `parallelIndex` (0 to WORKERS - 1). */
export function serverOf(index: number): Server {
  const port = BASE_PORT + index;
  return { port, url: `http://127.0.0.1:${port}`, persistDir: `${DATA_ROOT}/w${index}` };
}

/** The port of the server restart.spec.ts starts and kills itself: the one after the workers' servers. */
export const RESTART_PORT = process.env.E2E_RESTART_PORT ?? String(BASE_PORT + WORKERS);
