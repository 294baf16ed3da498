import type { BrowserContext, Page } from '@playwright/test';

// What went wrong in a browser while a test ran: console errors, answers of 400 and more, requests that
// failed on the way. console.spec.ts and play.spec.ts's whole game expect none.

export interface Trouble {
  /** One line per console error, answer of 400 or more, and failed request, in the order they came. */
  lines: string[];
  /** Every request the pages made, as `METHOD path`. */
  requests: string[];
  /** The URLs of the WebSockets the pages opened. */
  sockets: string[];
}

/** Collects what went wrong in every page of `context` from now on. */
export function watchTrouble(context: BrowserContext): Trouble {
  const trouble: Trouble = { lines: [], requests: [], sockets: [] };
  const follow = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      trouble.lines.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('request', (request) => {
      trouble.requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400)
        trouble.lines.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
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

/** Lets the last console messages and answers of the page arrive before they are judged. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => undefined);
}
