// Rankings against a running app with 100,000 scores (`npm run bench` starts a fresh one; or
// BENCH_URL=http://host:port). Seeds the scores through the development-only /api/dev/seed/scores (spread
// over 60 days, so about 1/60 of them are today's and 7/60 this week's), then measures N requests each of a
// rankings page (`/api/scores/?sort=value&order=DESC&size=50`) per period and of the statistics.
// N: BENCH_RANKINGS_N (default 200); rows: BENCH_SCORES (default 100000). Target: a page under 50 ms p50.
// Then the rating tab (`/api/ratings/?size=50`) over BENCH_RATINGS (default 100000) rated players, seeded
// through /api/dev/seed/ratings, to the same target.
import { client, fmt, summary, timed } from './lib/harness.mjs';

const N = Number(process.env.BENCH_RANKINGS_N ?? 200);
const ROWS = Number(process.env.BENCH_SCORES ?? 100_000);
const RATED = Number(process.env.BENCH_RATINGS ?? 100_000);
const CHUNK = 20_000;
const WARMUP = 10;
const TARGET_P50_MS = 50;

const visitor = client();

// --- seed: whatever is missing up to ROWS ----------------------------------------------------------
const { page } = await visitor.call('GET', '/api/scores/?size=1');
const seedStarted = performance.now();
let total = page.totalElements;
while (total < ROWS) {
  ({ scores: total } = await visitor.call('POST', '/api/dev/seed/scores', {
    count: Math.min(CHUNK, ROWS - total),
  }));
}
console.log(`${total} scores (seeding took ${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`);

const ratingsStarted = performance.now();
let rated = (await visitor.call('GET', '/api/ratings/?size=1')).page.totalElements;
while (rated < RATED) {
  ({ ratings: rated } = await visitor.call('POST', '/api/dev/seed/ratings', {
    count: Math.min(CHUNK, RATED - rated),
  }));
}
console.log(
  `${rated} rated players (seeding took ${((performance.now() - ratingsStarted) / 1000).toFixed(1)} s)`,
);

// --- measure ------------------------------------------------------------------------------------------
async function measure(path) {
  for (let i = 0; i < WARMUP; i++) await visitor.call('GET', path);
  const samples = [];
  let body;
  for (let i = 0; i < N; i++) {
    const { ms, result } = await timed(() => visitor.call('GET', path));
    samples.push(ms);
    body = result;
  }
  return { ...summary(samples), body };
}

const rows = [];
let failed = false;
console.log(`\n${N} requests each, ms           p50      p99   rows in period`);
for (const period of ['all', 'week', 'today']) {
  const path = `/api/scores/?sort=value&order=DESC&size=50&period=${period}`;
  const { p50, p99, body } = await measure(path);
  if (body._embedded.scores.length !== Math.min(50, body.page.totalElements))
    throw new Error(`short page: ${path}`);
  const values = body._embedded.scores.map((s) => s.value);
  if (values.some((v, i) => i > 0 && v > values[i - 1])) throw new Error(`not ranked: ${path}`);
  rows.push({ name: `rankings page, ${period}`, p50, p99, count: body.page.totalElements, page: true });
}
for (const period of ['all', 'week', 'today']) {
  const { p50, p99, body } = await measure(`/api/scores/stats?period=${period}`);
  rows.push({ name: `score stats, ${period}`, p50, p99, count: body.totalGames });
}
{
  const { p50, p99, body } = await measure('/api/players/stats');
  rows.push({ name: 'player stats', p50, p99, count: body.totalGames });
}
{
  const path = '/api/ratings/?sort=value&order=DESC&size=50';
  const { p50, p99, body } = await measure(path);
  if (body._embedded.ratings.length !== Math.min(50, body.page.totalElements))
    throw new Error(`short page: ${path}`);
  const values = body._embedded.ratings.map((r) => r.value);
  if (values.some((v, i) => i > 0 && v > values[i - 1])) throw new Error(`not ranked: ${path}`);
  if (p50 >= TARGET_P50_MS) failed = true;
  console.log(
    `rating tab  p50 ${fmt(p50).trim()} ms  p99 ${fmt(p99).trim()} ms  (${body.page.totalElements} rated players)${p50 >= TARGET_P50_MS ? '   over target' : ''}`,
  );
}
for (const row of rows) {
  const over = row.page && row.p50 >= TARGET_P50_MS;
  if (over) failed = true;
  console.log(
    `${row.name.padEnd(24)} ${fmt(row.p50)} ${fmt(row.p99)}   ${String(row.count).padStart(7)}${over ? '   over target' : ''}`,
  );
}
console.log(`\ntarget: a rankings page under ${TARGET_P50_MS} ms p50 — ${failed ? 'MISSED' : 'met'}`);
process.exit(failed ? 1 : 0);
