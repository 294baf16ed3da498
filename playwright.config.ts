import { defineConfig, devices } from '@playwright/test';

// Chromium comes from Debian (/usr/bin/chromium, see scripts/ensure-chromium.mjs): `npx playwright install`
// downloads a browser and cannot work on these machines.
const port = process.env.E2E_PORT ?? '8788';

export default defineConfig({
  testDir: 'test/e2e',
  // Only *.spec.ts: test/unit and test/worker hold vitest files named *.test.ts.
  testMatch: '**/*.spec.ts',
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // Its own app on its own port and data directory, so a developer's `npm start` is neither reused nor touched.
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120000,
    env: { PORT: port, YAMB_PERSIST_DIR: process.env.E2E_PERSIST_DIR ?? '.wrangler/e2e' },
  },
});
