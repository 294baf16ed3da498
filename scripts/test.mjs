// `npm test`: typecheck, lint, then every test layer (unit, Workers runtime, browser), then the total.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';

const failures = [];
function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
step('lint', 'npm', ['run', '--silent', 'lint']);
// The Workers pool serves the built assets directory; the browser layer rebuilds it anyway.
if (!existsSync('dist/web/index.html')) {
  mkdirSync('dist/web', { recursive: true });
  writeFileSync('dist/web/index.html', '<!doctype html><title>Yamb</title>');
}
step('unit + Workers runtime tests', 'npx', ['vitest', 'run'], { VITEST_REPORT: 'vitest' });
if (step('Chromium', 'node', ['scripts/ensure-chromium.mjs'])) {
  // The browser tests get their own app on their own port and a fresh local database.
  rmSync('.wrangler/e2e', { recursive: true, force: true });
  step('browser tests', 'npx', ['playwright', 'test'], { CI: process.env.CI ?? '' });
}

spawnSync('node', ['scripts/summary.mjs'], { stdio: 'inherit' });
if (failures.length) {
  console.error(`failed: ${failures.join(', ')}`);
  process.exit(1);
}
