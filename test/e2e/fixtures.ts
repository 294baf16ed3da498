import { type APIRequestContext, test as base, type BrowserContext, expect } from '@playwright/test';
import { serverOf } from './servers';

// Every browser test runs under the app's real Content-Security-Policy and fails when anything the page
// did was refused by it: a script, a style, a frame, a socket, an image. Import `test` and `expect` from
// here, not from '@playwright/test'.
//
// Chromium tells of a violation twice: a `securitypolicyviolation` event in the page and a console error
// ("Loading the script '…' violates the following Content Security Policy directive: …"). Both are
// collected, from every context of the test: the default one, and those a test opens itself with
// `browser.newContext()` (a second player, a watcher), which is why `browser` is wrapped too.

export { expect };

/** What was refused since the last test's end, in words (the page's address, the directive, the source). */
const seen: string[] = [];
const watched = new Set<BrowserContext>();

const BINDING = '__yambCspViolation';

async function watch(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('close', () => watched.delete(context));
  resendOnStaleConnection(context.request);
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  await context.exposeBinding(BINDING, ({ frame }, report: string) => {
    seen.push(`${frame.url()}: ${report}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      // blockedURI is the refused URL, or 'inline' / 'eval' for code written into the page.
      report(`${event.effectiveDirective} refused ${event.blockedURI}${where}`);
    });
  }, BINDING);
}

/**
 * workerd closes a kept-alive connection after 5 s without a request, and an API request context (Node's
 * http.Agent, keep-alive) may send its next request on it in that same instant: the request fails with
 * ECONNRESET ("socket hang up") before the server read it (microsoft/playwright#42698; reproduced with
 * requests 5 s apart). Chromium sends such a request again by itself; the API request contexts do the same,
 * once. Any other failure, and an answer of any status, is left as it is.
 */
function resendOnStaleConnection(request: APIRequestContext) {
  const fetch = request.fetch.bind(request);
  request.fetch = async (...args: Parameters<APIRequestContext['fetch']>) => {
    try {
      return await fetch(...args);
    } catch (error) {
      if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
      return fetch(...args);
    }
  };
}

/** Lets the pages' last reports arrive: a round trip to each page comes back after its earlier messages. */
async function settle() {
  const pages = [...watched].flatMap((context) => context.pages());
  await Promise.all(pages.map((page) => page.evaluate(() => undefined).catch(() => undefined)));
}

export const test = base.extend<{ cspViolations: string[] }>({
  // Each worker's pages, contexts and API requests go to its own server (servers.ts). A context made with a
  // baseURL of its own keeps it (restart.spec.ts's, on the server it starts itself).
  baseURL: async ({ baseURL: _configured }, use, testInfo) => {
    await use(serverOf(testInfo.parallelIndex).url);
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        await watch(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await watch(context);
    await use(context);
  },
  request: async ({ request }, use) => {
    resendOnStaleConnection(request);
    await use(request);
  },
  /**
   * The violations of this test so far. The test fails after it ran if any remain: a test that provokes
   * one on purpose checks it and then takes it out (`cspViolations.splice(0)`). It depends on `context`
   * so that it ends before the default context closes, while its pages can still report.
   */
  cspViolations: [
    async ({ context: _context }, use) => {
      await use(seen);
      await settle();
      const left = seen.splice(0);
      expect(left, 'Content-Security-Policy violations during the test').toEqual([]);
    },
    { auto: true },
  ],
});
