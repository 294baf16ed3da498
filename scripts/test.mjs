// `npm test`: typecheck, lint and the build side by side, then every test layer (unit, Workers runtime,
// browser), then the total.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';

const failures = [];
function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

/**
 * Steps that test nothing at run time run at once: none of them waits on a clock, and on two cores they
 * overlap each other's single-threaded stretches. Each one's output is printed whole when it ends.
 */
function together(steps) {
  return Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            console.log(`\n▶ ${name}`);
            process.stdout.write(Buffer.concat(output));
            if (code !== 0) failures.push(name);
            resolve(code === 0);
          });
        }),
    ),
  );
}

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

// The build is the web app (dist/web, which the Workers pool serves as its assets) and the Worker bundle the
// browser tests' servers run (scripts/serve.mjs).
const [, , built] = await together([
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['build', 'node', ['scripts/serve.mjs', '--build-only']],
]);
step('unit + Workers runtime tests', 'npx', ['vitest', 'run'], { VITEST_REPORT: 'vitest' });
if (built && existsSync('dist/web/index.html') && step('Chromium', 'node', ['scripts/ensure-chromium.mjs'])) {
  // The browser tests get their own app on their own port and a fresh local database.
  rmSync('.wrangler/e2e', { recursive: true, force: true });
  step('browser tests', 'npx', ['playwright', 'test'], { CI: process.env.CI ?? '', E2E_BUILT: '1' });
}

spawnSync('node', ['scripts/summary.mjs'], { stdio: 'inherit' });
if (failures.length) {
  console.error(`failed: ${failures.join(', ')}`);
  process.exit(1);
}
