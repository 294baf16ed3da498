import { applyD1Migrations, env } from 'cloudflare:test';

// Each test file starts from the real schema; the migrations are the same SQL that `npm start` applies.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS ?? []);
