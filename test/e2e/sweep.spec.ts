import { expect, test } from './fixtures';
import { makeAdmin, newPlayer } from './players';

// The scheduled sweep (worker/sweep.ts) runs from wrangler.toml's Cron Trigger in production. The local
// server (scripts/start.mjs) runs `wrangler dev --test-scheduled`, so GET /__scheduled runs it at once, in the
// Worker itself; each run writes a log row of what it deleted, which an admin reads in the logs.

interface LogPage {
  _embedded: { logs: { message: string }[] };
}

test('the local server runs the sweep on /__scheduled, and the sweep says so in the logs', async ({
  browser,
}) => {
  const admin = await newPlayer(browser, `Sweeper${Date.now() % 1_000_000}`);
  await makeAdmin(admin);

  const ran = await admin.context.request.get('/__scheduled?cron=*/15+*+*+*+*');
  expect(ran.status()).toBe(200);
  expect(await ran.text()).toBe('Ran scheduled event');

  await expect
    .poll(async () => {
      const logs = (await (await admin.context.request.get('/api/logs/?size=20')).json()) as LogPage;
      return logs._embedded.logs.map((row) => row.message);
    })
    .toContain('sweep');
  await admin.context.close();
});
