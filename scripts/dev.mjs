// `npm run dev`: wrangler serves the API and the rooms on 8787 (reloading the Worker on change);
// Vite serves the web app with hot reload on 5173 and proxies /api (and its WebSockets) to wrangler.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { applyLocalMigrations, DEFAULT_PERSIST_DIR, LOCAL_VARS, quietEnv, wranglerDev } from './wrangler.mjs';

// wrangler refuses to start while the [assets] directory is missing; Vite serves the real app in dev.
if (!existsSync('dist/web')) {
  mkdirSync('dist/web', { recursive: true });
  writeFileSync('dist/web/index.html', '<!doctype html><title>Yamb</title>');
}
applyLocalMigrations([DEFAULT_PERSIST_DIR]);

const children = [
  wranglerDev('8787', LOCAL_VARS, quietEnv),
  spawn('npx', ['vite'], { stdio: 'inherit', env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
