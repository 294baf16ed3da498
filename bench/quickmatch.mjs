// Quick match against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port): two fresh
// registered players; A opens the queue's socket (/api/ws/quick-match) and waits (WAITING); measured from
// the start of B's socket opening (the upgrade, authenticated by the cookie) to the moment both queue sockets
// have the started clash (MATCHED), beside the echo floor (Worker → room → back, as bench/clash-fanout.mjs
// measures it). The target: p50 ≤ 3× the echo floor on an idle machine.
// N rounds: first argument or BENCH_QUICKMATCH_N (default 30).
import { BASE, client, echoFloor, fmt, listen, summary } from './lib/harness.mjs';

const N = Number(process.argv[2] ?? process.env.BENCH_QUICKMATCH_N ?? 30);
const WARMUP = 3;
const TARGET_RATIO = 3;
const PASSWORD = 'bench-secret-1';
const run = Date.now().toString(36).slice(-6);

/** A registered player on an address of their own (the sign-up limits). */
async function registered(i) {
  const visitor = client(`203.0.113.${(i % 250) + 1}`);
  await visitor.call('POST', '/api/auth/register-guest', {});
  const player = await visitor.call('POST', '/api/auth/register', {
    username: `qm${run}p${i}`,
    password: PASSWORD,
  });
  return { ...visitor, player };
}

const QUEUE = '/api/ws/quick-match';

const samples = { echo: [], match: [] };

samples.echo.push(...(await echoFloor(N)));

for (let round = 0; round < WARMUP + N; round++) {
  const [a, b] = await Promise.all([registered(round * 2), registered(round * 2 + 1)]);
  const queueA = await listen(QUEUE, a);
  const first = await queueA.next();
  if (first.body.type !== 'WAITING') throw new Error(`A was not left waiting: ${JSON.stringify(first.body)}`);
  const started = performance.now();
  const queueB = await listen(QUEUE, b);
  const heard = await Promise.all([queueA.nextOf('MATCHED'), queueB.nextOf('MATCHED')]);
  if (heard[0].body.clash.id !== heard[1].body.clash.id) throw new Error('the sockets heard of two clashes');
  if (round >= WARMUP) samples.match.push(Math.max(...heard.map((m) => m.at)) - started);
  queueA.close();
  queueB.close();
}

const echo = summary(samples.echo);
const match = summary(samples.match);
console.log(`quickmatch  p50 ${Math.round(match.p50)} ms  echo ${Math.round(echo.p50)} ms`);
console.log(
  `  ${N} rounds after ${WARMUP} warm-up against ${BASE}: B's queue socket opening → MATCHED on both ` +
    `p50 ${fmt(match.p50).trim()} p99 ${fmt(match.p99).trim()} ms; echo p50 ${fmt(echo.p50).trim()} ms; ` +
    `ratio ${(match.p50 / echo.p50).toFixed(2)}x — target ≤ ${TARGET_RATIO}x: ` +
    `${match.p50 <= TARGET_RATIO * echo.p50 ? 'met' : 'NOT met'}`,
);
