// `npm test`: typecheck, lint and the build side by side, the vitest layer (unit, Workers runtime) as soon as
// the build is done, then the browser layer, then the total.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';

const failures = [];

/**
 * Runs a step; resolves to whether it passed. A step run beside others (`buffered`) has its output printed
 * whole when it ends, so that it does not interleave with theirs; otherwise its output is live.
 */
function step(name, command, args, { env = {}, buffered = false } = {}) {
  if (!buffered) console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (buffered) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      if (code !== 0) failures.push(name);
      resolve(code === 0);
    });
  });
}

/** A step beside others. */
const beside = (name, command, args) => step(name, command, args, { buffered: true });

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

// The typecheck and the linter test nothing at run time and wait on no clock: they run beside the build and
// then beside the vitest layer, whose Workers tests leave the two cores a fifth idle while they wait on their
// workerds. The build is the web app (dist/web, which the Workers pool serves as its assets) and the Worker
// bundle the browser tests' servers run (scripts/serve.mjs).
const checks = Promise.all([
  beside('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  beside('lint', 'npm', ['run', '--silent', 'lint']),
]);
const built = await beside('build', 'node', ['scripts/serve.mjs', '--build-only']);
await step('unit + Workers runtime tests', 'npx', ['vitest', 'run'], { env: { VITEST_REPORT: 'vitest' } });
await checks;
if (
  built &&
  existsSync('dist/web/index.html') &&
  (await step('Chromium', 'node', ['scripts/ensure-chromium.mjs']))
) {
  // The browser tests get their own app on their own port and a fresh local database.
  rmSync('.wrangler/e2e', { recursive: true, force: true });
  await step('browser tests', 'npx', ['playwright', 'test'], {
    env: { CI: process.env.CI ?? '', E2E_BUILT: '1' },
  });
}

spawnSync('node', ['scripts/summary.mjs'], { stdio: 'inherit' });
if (failures.length) {
  console.error(`failed: ${failures.join(', ')}`);
  process.exit(1);
}
