// What a failed sign-in costs against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port):
// the median time of POST /api/auth/token with a wrong password for a known username, and for a name nobody
// has. The two should be alike: an unknown name still runs the password hash (worker/auth/passwords.ts), so
// the time of an answer does not tell which names exist. test/worker/auth-session.test.ts asserts that the hash
// runs; this prints what it costs on this machine.
// N samples of each, interleaved: BENCH_SIGNIN_N (default 50). The sign-in limits (worker/lib/rateLimit.ts: 5
// guesses per account and 50 per address each 15 minutes) would refuse a run from one address, so every known
// sample has an account of its own and every request names an address of its own (CF-Connecting-IP, which the
// local server takes as given).

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8791';
const N = Number(process.env.BENCH_SIGNIN_N ?? 50);
const WARMUP = 2;
const PASSWORD = 'bench-secret-1';
const TARGET_RATIO = 0.5;

const origin = new URL(BASE).origin;
const run = Date.now().toString(36).slice(-6);
let address = 0;
/** A documentation address (RFC 5737) of its own for each request, so no two samples share a count. */
const nextAddress = () => {
  address += 1;
  return `203.0.113.${address % 250}`;
};

async function post(path, body) {
  return fetch(BASE + path, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json', 'CF-Connecting-IP': nextAddress() },
    body: JSON.stringify(body),
  });
}

/** A registered account with PASSWORD; its name. */
async function account(i) {
  const username = `sb${run}k${i}`;
  const response = await post('/api/auth/register', { username, password: PASSWORD });
  if (response.status !== 201)
    throw new Error(`sign-up of ${username} → ${response.status} ${await response.text()}`);
  return username;
}

/** One failed sign-in as `identifier`, timed; anything but 401 credentials-invalid is an error. */
async function failedSignIn(identifier) {
  const started = performance.now();
  const response = await post('/api/auth/token', { identifier, password: 'wrong-password' });
  const ms = performance.now() - started;
  const body = await response.json();
  if (response.status !== 401 || body.key !== 'credentials-invalid')
    throw new Error(`sign-in as ${identifier} → ${response.status} ${body.key}`);
  return ms;
}

const median = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const known = [];
const unknown = [];
for (let i = 0; i < WARMUP + N; i++) {
  const username = await account(i);
  const knownMs = await failedSignIn(username);
  const unknownMs = await failedSignIn(`sb${run}u${i}`);
  if (i >= WARMUP) {
    known.push(knownMs);
    unknown.push(unknownMs);
  }
}

const fmt = (ms) => ms.toFixed(2).padStart(8);
console.log(`\nFailed sign-in, ${N} samples each after ${WARMUP} warm-up, against ${BASE} (ms)\n`);
console.log(`${'identifier'.padEnd(34)}${'median'.padStart(8)}`);
console.log('-'.repeat(42));
console.log(`${'known username, wrong password'.padEnd(34)}${fmt(median(known))}`);
console.log(`${'unknown username'.padEnd(34)}${fmt(median(unknown))}`);
const ratio = median(unknown) / median(known);
console.log(
  `\nunknown/known ${ratio.toFixed(2)}x — target ≥ ${TARGET_RATIO}x (an unknown name pays for a hash too): ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
);
