// npm run admin -- <username> [--remote] [--revoke]: makes a registered player an admin (or no longer one)
// in the local D1 database (where `npm start` keeps it: .wrangler/, or $YAMB_PERSIST_DIR), or in production's
// with --remote. The flag is read from the player's row on each request, so it holds from their next page load.
import { spawnSync } from 'node:child_process';
import { offlineEnv } from './wrangler.mjs';

const args = process.argv.slice(2);
const remote = args.includes('--remote');
const revoke = args.includes('--revoke');
const names = args.filter((arg) => !arg.startsWith('--'));
const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--remote' && arg !== '--revoke');

// The username rule of contract/account.ts (`Username`): a letter, then letters and digits, 3 to 15 in all.
// wrangler's --command takes no bound parameters, so only a name that passes it goes into the SQL.
const USERNAME = /^[A-Za-z][A-Za-z0-9]{2,14}$/;

if (names.length !== 1 || unknown.length > 0) {
  console.error('usage: npm run admin -- <username> [--remote] [--revoke]');
  process.exit(2);
}
const [name] = names;
if (!USERNAME.test(name)) {
  console.error(`"${name}" is not a username: a letter, then letters and digits, 3 to 15 characters.`);
  process.exit(2);
}

const where = remote
  ? ['--remote']
  : ['--local', ...(process.env.YAMB_PERSIST_DIR ? ['--persist-to', process.env.YAMB_PERSIST_DIR] : [])];
// Usernames are unique regardless of case (players_name_unique is on lower(name)); guests can't be admins.
const sql = `UPDATE players SET admin = ${revoke ? 0 : 1}, updated_at = unixepoch() * 1000 WHERE lower(name) = lower('${name}') AND guest = 0 RETURNING name`;
const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', ...where, '--json', '--command', sql], {
  encoding: 'utf8',
  env: remote ? process.env : offlineEnv,
  stdio: ['inherit', 'pipe', 'inherit'],
});
if (result.status !== 0) {
  process.stdout.write(result.stdout ?? '');
  process.exit(result.status ?? 1);
}
let changes = 0;
let stored = name;
try {
  // Local D1 reports no `changes`: the rows RETURNING gives are the count.
  const answers = JSON.parse(result.stdout);
  changes = answers.reduce((sum, r) => sum + (r.results?.length ?? 0), 0);
  stored = answers.flatMap((r) => r.results ?? [])[0]?.name ?? name;
} catch {
  process.stdout.write(result.stdout);
  console.error('Could not read wrangler\'s answer; check the player with "wrangler d1 execute".');
  process.exit(1);
}
const database = remote ? 'the remote database' : 'the local database';
if (changes === 0) {
  console.error(`No registered player named ${name} in ${database} (guests can't be admins).`);
  process.exit(1);
}
console.log(`${stored} is ${revoke ? 'no longer an admin' : 'an admin'} in ${database}.`);
