// An offline cold start in Chromium against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port):
// issue 28 asks that the installed app, with the network off, reaches a rollable practice game within 1 s
// (p50). One first visit online installs the service worker (it registers after the play screen is up and
// precaches the whole build); then the network is emulated off (Playwright's setOffline: every request
// that is not answered from the worker's precache fails) and each run opens a new tab at
// /table?start=practice: the shell and its chunks come from the precache, the practice game from IndexedDB
// (the first run starts it, the others resume it). The time is from navigation start to the roll button
// being enabled, on the page's own clock, noted by a MutationObserver (as first-visit.mjs does).
// 15 measured runs (BENCH_OFFLINE_N) after one warm-up.
// The functions handed to the page run there, with the browser's globals:
/* global document, window, MutationObserver */
import { chromium } from 'playwright-core';

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8791';
const N = Number(process.env.BENCH_OFFLINE_N ?? 15);
const WARMUP = 1;
const TARGET_MS = 1000;
const PRACTICE = '/table?start=practice';

const WATCH_ROLL = () => {
  const note = () => {
    const button = document.querySelector('button.roll-button');
    if (button && !button.disabled && window.rollEnabledAt === undefined) {
      window.rollEnabledAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(note);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

const times = [];
let offlineApi = 0;
try {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await context.addInitScript(WATCH_ROLL);
  // The first visit, online: the play screen, then the worker active with its precache filled.
  const first = await context.newPage();
  await first.goto(BASE + '/');
  await first.waitForFunction(() => window.rollEnabledAt !== undefined, undefined, { timeout: 20_000 });
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await first.close();

  await context.setOffline(true);
  for (let i = 0; i < WARMUP + N; i++) {
    const page = await context.newPage();
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) offlineApi++;
    });
    await page.goto(BASE + PRACTICE);
    await page.waitForFunction(() => window.rollEnabledAt !== undefined, undefined, { timeout: 20_000 });
    const ms = await page.evaluate(() => window.rollEnabledAt);
    if (i >= WARMUP) times.push(ms);
    await page.close();
  }
} finally {
  await browser.close();
}

times.sort((a, b) => a - b);
const quantile = (list, q) => list[Math.min(list.length - 1, Math.ceil(q * list.length) - 1)];
console.log(
  `offline-start  p50 ${Math.round(quantile(times, 0.5))} ms  p95 ${Math.round(quantile(times, 0.95))} ms  ` +
    `(network off, a new tab at ${PRACTICE} → roll enabled, ${N} runs, target p50 ≤ ${TARGET_MS})  ` +
    `API calls that failed offline meanwhile: ${offlineApi}`,
);
