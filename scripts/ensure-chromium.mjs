// Browser tests drive Debian's Chromium: its headless shell for most (playwright.config.ts), the browser itself
// where a test needs a browser's window (installing the app). `npx playwright install` cannot download one here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';

const PACKAGES = {
  chromium: '/usr/bin/chromium',
  'chromium-headless-shell': '/usr/bin/chromium-headless-shell',
};
const missing = Object.entries(PACKAGES)
  .filter(([, binary]) => !existsSync(binary))
  .map(([name]) => name);

if (missing.length) {
  if (process.getuid?.() !== 0) {
    console.log(`Chromium is missing: run 'sudo apt-get install -y ${missing.join(' ')}'`);
    process.exit(1);
  }
  for (const args of [['update'], ['install', '-y', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
