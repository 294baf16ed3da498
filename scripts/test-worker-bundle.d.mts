// Types of test-worker-bundle.mjs for vitest.config.ts.
import type { Plugin } from 'vite';

export function bundleTestWorker(
  root: string,
  outdir: string,
): Promise<{
  main: string;
  plugin: Plugin;
  packages: string[];
}>;
