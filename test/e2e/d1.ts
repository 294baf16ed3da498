import { execFileSync } from 'node:child_process';
import { test } from './fixtures';
import type { Player } from './players';
import { serverOf } from './servers';

// The test server's local D1 database, written as `wrangler d1 execute` does (players.ts `makeAdmin` goes
// the same way): for what years of play would have left and no route can do, such as an account's age.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs `sql` (no bound parameters: wrangler's --command takes none) on the test's server's database. */
export function d1(sql: string) {
  const persistDir = serverOf(test.info().parallelIndex).persistDir;
  execFileSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistDir, '--command', sql],
    {
      stdio: 'pipe',
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
    },
  );
}

/**
 * Makes `player` one the daily ranking lists (contract/daily.ts DAILY_RANKED_ACCOUNT_DAYS): an account of
 * eight days, its e-mail verified, three games completed long ago.
 */
export function rankable(player: Player) {
  const id = Math.trunc(player.id);
  const long = Date.now() - 30 * DAY_MS;
  d1(
    `UPDATE players SET created_at = created_at - ${8 * DAY_MS}, email_verified = 1 WHERE id = ${id};
     INSERT INTO games (player_id, type, status, progress, total_sum, created_at, updated_at)
     SELECT ${id}, 'CLASH', 'COMPLETED', 100, 400, ${long}, ${long} FROM (VALUES (1), (2), (3));`,
  );
}

/**
 * Deletes the games `rankable` made up. They have no room behind them, so a later spec that opens the
 * games list sorted by total would find one at the top and open a game that is not there.
 */
export function forgetRankableGames() {
  d1(`DELETE FROM games WHERE type = 'CLASH' AND clash_id IS NULL;`);
}
