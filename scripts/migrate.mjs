// `node scripts/migrate.mjs <persist dir>...`: the local D1 migrations of one or more databases, side by side
// (scripts/wrangler.mjs `applyLocalMigrations` runs it for start.mjs, dev.mjs and serve.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } from 'wrangler';

/**
 * Applies the D1 migrations not yet applied to the local database under `persistDir`, as `wrangler d1
 * migrations apply --local` does (the same d1_migrations table, each migration and its row in one batch),
 * through Miniflare: wrangler's CLI took 7 s of a 9.6 s start. A Miniflare of its own with wrangler.toml's
 * D1 binding (wrangler's layout: D1 under <persist>/v3/d1), gone before the app's server starts, so no
 * request meets a database without its tables.
 */
async function applyMigrations(persistDir) {
  const migrator = new Miniflare({
    modules: true,
    script: 'export default {}',
    defaultPersistRoot: join(persistDir, 'v3'),
    d1Databases: unstable_getMiniflareWorkerOptions('wrangler.toml').workerOptions.d1Databases,
  });
  try {
    const db = await migrator.getD1Database('DB');
    await db
      .prepare(
        'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, ' +
          'applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)',
      )
      .run();
    const applied = new Set(
      (await db.prepare('SELECT name FROM d1_migrations').all()).results.map((r) => r.name),
    );
    const files = readdirSync('migrations').filter((name) => name.endsWith('.sql') && !applied.has(name));
    for (const name of files.sort()) {
      const queries = unstable_splitSqlQuery(readFileSync(join('migrations', name), 'utf8'));
      await db.batch([
        ...queries.map((query) => db.prepare(query)),
        db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(name),
      ]);
    }
  } finally {
    await migrator.dispose();
  }
}

await Promise.all(process.argv.slice(2).map(applyMigrations));
