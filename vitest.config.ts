import { availableParallelism } from 'node:os';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { bundleTestWorker } from './scripts/test-worker-bundle.mjs';
import { generateVapidKeys } from './scripts/vapid.mjs';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  const vapid = generateVapidKeys();
  // Bundled anew on every start (0.3 s): watch mode sees a change to the server only when it restarts.
  const bundle = await bundleTestWorker(process.cwd(), 'node_modules/.cache/yamb-test-worker');
  return {
    test: {
      // Vitest's default is one file at a time less than the cores: one on a 2-core machine. A Workers test
      // file spends much of its time waiting on its own workerd (each file gets one), so one file more than
      // the cores keeps them busy: on 2 cores, one at a time took 6 min, two 3.5-4 min, three 3.1 min.
      maxWorkers: availableParallelism() + 1,
      // A hang detector, not a speed check: `npm test` runs the typecheck and the linter beside this layer's
      // first seconds, which can make a 3-second test take 6.
      testTimeout: 15_000,
      reporters: ['default', 'json'],
      outputFile: { json: `reports/vitest-${process.env.VITEST_REPORT ?? 'all'}.json` },
      projects: [
        {
          test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
        },
        {
          plugins: [
            bundle.plugin,
            cloudflareTest({
              main: bundle.main,
              wrangler: { configPath: './wrangler.toml' },
              // wrangler.toml's vars are production's; tests run as local development does (npm start).
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  ENVIRONMENT: 'development',
                  HUMAN_CHECK: 'off',
                  // Web Push's keys (issue 29): a fresh pair per run, as production's are secrets.
                  VAPID_PUBLIC_KEY: vapid.publicKey,
                  VAPID_PRIVATE_KEY: vapid.privateKey,
                  VAPID_SUBJECT: 'mailto:test@localhost',
                },
              },
            }),
          ],
          test: {
            name: 'worker',
            include: ['test/worker/**/*.test.ts'],
            setupFiles: ['./test/worker/setup.ts'],
            // The fake push service (test/fakes/pushService.mjs) on a loopback port, for push.test.ts.
            globalSetup: ['./test/worker/pushServiceSetup.ts'],
            // The Worker comes bundled (scripts/test-worker-bundle.mjs); what a test imports from a package
            // itself (hono/jwt, fast-check) comes as one file per package too, rather than hundreds.
            deps: { optimizer: { ssr: { enabled: true, include: bundle.packages } } },
          },
        },
      ],
    },
  };
});
