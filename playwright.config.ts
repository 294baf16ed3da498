import { defineConfig, devices } from '@playwright/test';
import { serverOf, WORKERS } from './test/e2e/servers';

// Chromium comes from Debian (scripts/ensure-chromium.mjs): `npx playwright install` downloads a browser and
// cannot work on these machines. The tests drive its headless shell, the browser without a browser's window
// around it: the same Blink and V8 at about a third less CPU (the browser layer is CPU-bound on two cores; the
// same three specs took 2.6 min with /usr/bin/chromium and 1.8 min with the shell). Only what a browser window
// does (offering to install the app) needs /usr/bin/chromium itself: pwa.spec.ts launches it for that.

/** The features Playwright 1.65 turns off in Chromium (its chromiumSwitches), kept when another is added. */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

export default defineConfig({
  testDir: 'test/e2e',
  // Only *.spec.ts: test/unit and test/worker hold vitest files named *.test.ts.
  testMatch: '**/*.spec.ts',
  // E2E_WORKERS workers (three unless asked: test/e2e/servers.ts), each with a server of its own.
  workers: WORKERS,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    // The first worker's server; fixtures.ts points every worker at its own.
    baseURL: serverOf(0).url,
    // No trace unless asked (E2E_TRACE=1 keeps one for each failed test): recording one for every test, its
    // screencast and DOM snapshots, cost a third of the browser layer's CPU (208 -> 133 CPU-s on three specs).
    // A failure still leaves its page's ARIA snapshot (error-context.md) and the call log.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // The app's service worker (issue 28) would serve every later page of a test from its precache: only the
    // specs about it allow it (test.use({ serviceWorkers: 'allow' }) in pwa.spec.ts and offline.spec.ts).
    serviceWorkers: 'block',
    // No motion but what a test asks for (dice-speed.spec.ts): a tumbling die or a fading toast is CPU that the
    // other tests spend waiting for it to stop.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium-headless-shell',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            // No strict site isolation: about a tenth less of the layer's CPU (128 -> 114 CPU-s on three specs,
            // three runs each). The tests open one site, the app's. Playwright passes a --disable-features of
            // its own, which a second one replaces: its list is repeated here.
            `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'site-per-process', 'IsolateOrigins'].join(',')}`,
          ],
        },
      },
    },
  ],
  // Its own apps (scripts/serve.mjs: Miniflare, no wrangler dev) on their own ports and data directories, so a
  // developer's `npm start` is neither reused nor touched. One process builds the web app and the Worker (unless
  // E2E_BUILT: `npm test` has built already), then starts every worker's server side by side (Playwright starts
  // the entries of a webServer list one after another: 14 s before the first test with three, against about 5).
  // It prints a line per server once all of them answer: the last one is the sign to begin.
  webServer: {
    command: process.env.E2E_BUILT ? 'node scripts/serve.mjs --no-build' : 'node scripts/serve.mjs',
    url: `${serverOf(WORKERS - 1).url}/api/health`,
    wait: { stdout: new RegExp(`Yamb on ${serverOf(WORKERS - 1).url.replaceAll('.', '\\.')} `) },
    reuseExistingServer: false,
    timeout: 120000,
    env: {
      YAMB_SERVERS: Array.from({ length: WORKERS }, (_, index) => {
        const server = serverOf(index);
        return `${server.port}=${server.persistDir}`;
      }).join(','),
    },
  },
});
