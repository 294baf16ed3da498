// What a failed sign-in costs against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port):
// the median time of POST /api/auth/token with a wrong password for a known username, and for a name nobody
// has. The two should be alike: an unknown name still runs the password hash (worker/auth/passwords.ts), so
// the time of an answer does not tell which names exist. test/worker/auth-session.test.ts asserts that the hash
// runs; this prints what it costs on this machine.
// Then "reset: verified vs unknown": the median time of POST /api/auth/password-reset-token for a verified
// address (which gets a mail) and for an address nobody has, interleaved; within 10 % of each other, since the
// route does the same work for both and mails after the answer (test/worker/auth-timing.test.ts asserts the
// work; this measures the time).
// N samples of each, interleaved: BENCH_SIGNIN_N (default 50). The sign-in limits (worker/lib/rateLimit.ts: 5
// guesses per account and 50 per address each 15 minutes) would refuse a run from one address, so every known
// sample has an account of its own and every request names an address of its own (CF-Connecting-IP, which the
// local server takes as given).

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8791';
const N = Number(process.env.BENCH_SIGNIN_N ?? 50);
const WARMUP = 2;
const PASSWORD = 'bench-secret-1';
const TARGET_RATIO = 0.5;
const RESET_TOLERANCE = 0.1;

const origin = new URL(BASE).origin;
const run = Date.now().toString(36).slice(-6);
let address = 0;
/** A documentation address (RFC 5737) of its own for each request, so no two samples share a count. */
const nextAddress = () => {
  address += 1;
  return `203.0.113.${address % 250}`;
};

async function send(method, path, body) {
  return fetch(BASE + path, {
    method,
    headers: { Origin: origin, 'Content-Type': 'application/json', 'CF-Connecting-IP': nextAddress() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const post = (path, body) => send('POST', path, body);

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

/** A registered account whose address is verified (through the link in the local outbox); the address. */
async function verifiedAddress(i) {
  const username = `sb${run}v${i}`;
  const email = `${username}@example.com`;
  const response = await post('/api/auth/register', { username, email, password: PASSWORD });
  if (response.status !== 201)
    throw new Error(`sign-up of ${email} → ${response.status} ${await response.text()}`);
  const { _embedded } = await (await fetch(`${BASE}/api/dev/outbox`)).json();
  const mail = _embedded.mails.find(
    (m) => m.toAddress === email && m.text.includes('/email-verification?token='),
  );
  const token = mail && /\/email-verification\?token=([\w%-]+)/.exec(mail.text)?.[1];
  if (!token)
    throw new Error(`no verification mail for ${email} in the outbox (BENCH_URL must be a local app)`);
  const verified = await send('PUT', `/api/auth/email-verification?token=${token}`);
  if (verified.status !== 200) throw new Error(`verifying ${email} → ${verified.status}`);
  return email;
}

/**
 * One request for a reset link to `email`, timed; anything but 204 is an error. Then a pause, so that the
 * mail a verified address gets after its answer is not timed as part of the next sample.
 */
async function askReset(email) {
  const started = performance.now();
  const response = await post('/api/auth/password-reset-token', { email });
  const ms = performance.now() - started;
  if (response.status !== 204)
    throw new Error(`reset for ${email} → ${response.status} ${await response.text()}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return ms;
}

const verifiedMs = [];
const unknownResetMs = [];
const addresses = [];
for (let i = 0; i < WARMUP + N; i++) addresses.push(await verifiedAddress(i));
for (let i = 0; i < WARMUP + N; i++) {
  const verifiedSample = await askReset(addresses[i]);
  const unknownSample = await askReset(`sb${run}n${i}@example.com`);
  if (i >= WARMUP) {
    verifiedMs.push(verifiedSample);
    unknownResetMs.push(unknownSample);
  }
}
console.log(`\nreset: verified vs unknown, ${N} samples each after ${WARMUP} warm-up (ms)\n`);
console.log(`${'address'.padEnd(34)}${'median'.padStart(8)}`);
console.log('-'.repeat(42));
console.log(`${'verified (gets a mail)'.padEnd(34)}${fmt(median(verifiedMs))}`);
console.log(`${'unknown'.padEnd(34)}${fmt(median(unknownResetMs))}`);
const resetRatio = median(verifiedMs) / median(unknownResetMs);
console.log(
  `\nverified/unknown ${resetRatio.toFixed(2)}x — target within ${RESET_TOLERANCE * 100} % (the mail goes after the answer): ${Math.abs(resetRatio - 1) <= RESET_TOLERANCE ? 'met' : 'NOT met'}`,
);
