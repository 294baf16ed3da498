import { expect, type BrowserContext, type Page, type Request } from '@playwright/test';

// What went wrong in a browser while a test ran: console errors, answers of 400 and more, requests that
// failed on the way. console.spec.ts and play.spec.ts's whole game expect none.

export interface Trouble {
  /** One line per console error, answer of 400 or more, and failed request, in the order they came. */
  lines: string[];
  /** Every request the pages made, as `METHOD path`. */
  requests: string[];
  /** The URLs of the WebSockets the pages opened. */
  sockets: string[];
  /** Requests sent and not yet answered or failed. */
  inFlight: Set<Request>;
  /** When a request last started, ended or failed (Date.now()). */
  lastActivity: number;
}

/** Collects what went wrong in every page of `context` from now on. */
export function watchTrouble(context: BrowserContext): Trouble {
  const trouble: Trouble = {
    lines: [],
    requests: [],
    sockets: [],
    inFlight: new Set(),
    lastActivity: Date.now(),
  };
  const follow = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      trouble.lines.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('request', (request) => {
      trouble.requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
      trouble.inFlight.add(request);
      trouble.lastActivity = Date.now();
    });
    page.on('requestfinished', (request) => {
      trouble.inFlight.delete(request);
      trouble.lastActivity = Date.now();
    });
    page.on('response', (response) => {
      if (response.status() >= 400)
        trouble.lines.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      trouble.inFlight.delete(request);
      trouble.lastActivity = Date.now();
      trouble.lines.push(
        `failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`,
      );
    });
    page.on('websocket', (socket) => trouble.sockets.push(socket.url()));
  };
  context.pages().forEach(follow);
  context.on('page', follow);
  return trouble;
}

const QUIET_MS = 500;

/**
 * Waits until the pages of `trouble` have had no request in flight for QUIET_MS, then lets the last
 * console messages arrive: what is judged then is all there is, and a navigation after it aborts nothing
 * (an aborted request is the test leaving, not a failure a player meets). Playwright's `networkidle`
 * cannot do this: once a page has been idle it counts as idle for good, whatever it sends later.
 */
export async function settle(page: Page, trouble: Trouble) {
  await expect
    .poll(() => trouble.inFlight.size === 0 && Date.now() - trouble.lastActivity >= QUIET_MS, {
      timeout: 15_000,
      intervals: [100],
    })
    .toBe(true);
  await page.evaluate(() => undefined);
}
