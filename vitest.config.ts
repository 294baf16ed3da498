import { availableParallelism } from 'node:os';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  return {
    test: {
      // Vitest's default is one file at a time less than the cores: one on a 2-core machine. A Workers test
      // file spends much of its time waiting on its own workerd (each file gets one), so two at a time
      // there halve the run (6 min -> 3.5 min measured on 2 cores); more cores, as many files as cores.
      maxWorkers: Math.max(2, availableParallelism()),
      reporters: ['default', 'json'],
      outputFile: { json: `reports/vitest-${process.env.VITEST_REPORT ?? 'all'}.json` },
      projects: [
        {
          test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
        },
        {
          plugins: [
            cloudflareTest({
              main: './worker/index.ts',
              wrangler: { configPath: './wrangler.toml' },
              // wrangler.toml's vars are production's; tests run as local development does (npm start).
              miniflare: {
                bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: 'development', HUMAN_CHECK: 'off' },
              },
            }),
          ],
          test: {
            name: 'worker',
            include: ['test/worker/**/*.test.ts'],
            setupFiles: ['./test/worker/setup.ts'],
          },
        },
      ],
    },
  };
});
