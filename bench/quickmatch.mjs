// Quick match against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port): two fresh
// registered players with their presence sockets open (/api/ws/players); A joins and waits (202); measured
// from the start of B's join to the moment both sockets have the started clash (MATCHED), beside the echo
// floor (Worker → room → back, as bench/clash-fanout.mjs measures it). The target: p50 ≤ 3× the echo floor on an idle machine.
// N rounds: first argument or BENCH_QUICKMATCH_N (default 30).
import { BASE, client, echoFloor, fmt, listen, summary } from './lib/harness.mjs';

const N = Number(process.argv[2] ?? process.env.BENCH_QUICKMATCH_N ?? 30);
const WARMUP = 3;
const TARGET_RATIO = 2;
const PASSWORD = 'bench-secret-1';
const run = Date.now().toString(36).slice(-6);

/** A registered player on an address of their own (the sign-up limits), with the presence socket open. */
async function registered(i) {
  const visitor = client(`203.0.113.${(i % 250) + 1}`);
  await visitor.call('POST', '/api/auth/register-guest', {});
  const player = await visitor.call('POST', '/api/auth/register', {
    username: `qm${run}p${i}`,
    password: PASSWORD,
  });
  const socket = await listen('/api/ws/players', visitor);
  return { ...visitor, player, socket };
}

const samples = { echo: [], match: [] };

samples.echo.push(...(await echoFloor(N)));

for (let round = 0; round < WARMUP + N; round++) {
  const [a, b] = await Promise.all([registered(round * 2), registered(round * 2 + 1)]);
  const waiting = await a.call('POST', '/api/quick-match');
  if (waiting.status !== 'WAITING') throw new Error(`A was matched at once (is someone else waiting?)`);
  const heardA = a.socket.nextOf('MATCHED');
  const heardB = b.socket.nextOf('MATCHED');
  const started = performance.now();
  const clash = await b.call('POST', '/api/quick-match');
  const heard = await Promise.all([heardA, heardB]);
  if (heard.some((m) => m.body.clash.id !== clash.id)) throw new Error('the sockets heard of another clash');
  if (round >= WARMUP) samples.match.push(Math.max(...heard.map((m) => m.at)) - started);
  a.socket.close();
  b.socket.close();
}

const echo = summary(samples.echo);
const match = summary(samples.match);
console.log(`quickmatch  p50 ${Math.round(match.p50)} ms  echo ${Math.round(echo.p50)} ms`);
console.log(
  `  ${N} rounds after ${WARMUP} warm-up against ${BASE}: B's join → MATCHED on both sockets ` +
    `p50 ${fmt(match.p50).trim()} p99 ${fmt(match.p99).trim()} ms; echo p50 ${fmt(echo.p50).trim()} ms; ` +
    `ratio ${(match.p50 / echo.p50).toFixed(2)}x — target ≤ ${TARGET_RATIO}x: ` +
    `${match.p50 <= TARGET_RATIO * echo.p50 ? 'met' : 'NOT met'}`,
);
