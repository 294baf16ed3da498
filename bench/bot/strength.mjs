// The advisor's strength on every preset: seeded solo games of the advisor and of a greedy baseline, their
// mean scores, and the advisor's decision time. `npm run bench:bot` prints one line per preset; BENCH_BOT_N
// sets the number of games per preset (default 300), BENCH_BOT_SEED the first seed (default 1000: a
// constant tuned on the default seeds can be checked on others), BENCH_BOT_PRESETS a comma-separated list of
// presets, BENCH_BOT_GREEDY=0 skips the baseline (it never changes) for quicker tuning runs, and
// BENCH_BOT_DETAIL=1 adds each score distribution (sd, p5, p50, p95).
// (Kept out of bench/'s top level: scripts/bench.mjs runs every bench/*.mjs against a server.)
import { performance } from 'node:perf_hooks';
import { loadRules } from '../lib/harness.mjs';

const N = Number(process.env.BENCH_BOT_N ?? 300);
const SEED = Number(process.env.BENCH_BOT_SEED ?? 1000);
const GREEDY = process.env.BENCH_BOT_GREEDY !== '0';
const DETAIL = process.env.BENCH_BOT_DETAIL === '1';
const rules = await loadRules();
const {
  advise,
  moveOf,
  applyMove,
  newGame,
  fillableBoxes,
  canRoll,
  canAnnounce,
  scoreBox,
  totalSum,
  allDice,
  BOX_TYPES,
  PRESETS,
  PRESET_NAMES,
} = rules;
const PRESETS_RUN = process.env.BENCH_BOT_PRESETS?.split(',') ?? PRESET_NAMES;

/** mulberry32: the same dice for the same seed. */
function seeded(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (count) => Array.from({ length: count }, () => 1 + Math.floor(next() * 6));
}

const times = [];

function advisorMove(state) {
  const start = performance.now();
  const advice = advise(state);
  times.push(performance.now() - start);
  return moveOf(advice);
}

function mostCommonFace(dice) {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) counts[d]++;
  let face = 6;
  for (let f = 6; f >= 1; f--) if (counts[f] > counts[face]) face = f;
  return face;
}

/** Rolls three times keeping the most common face, then fills the highest-scoring legal box. */
function greedyMove(state) {
  if (state.rollCount === 0) return { type: 'ROLL', diceToRoll: allDice(state.rules) };
  const score = (box) => scoreBox(box, state.dice, state.rules.straight, state.rollCount);
  const announceable = BOX_TYPES.filter((b) => canAnnounce(state, b));
  // Announces only when it must (with HAND open too, it may fill HAND instead: it announces then as well).
  if (canRoll(state) === 'announcement-required' && announceable.length > 0) {
    const box = announceable.sort((x, y) => score(y) - score(x))[0];
    return { type: 'ANNOUNCE', boxType: box };
  }
  if (canRoll(state) === null) {
    const face = mostCommonFace(state.dice);
    const diceToRoll = state.dice.flatMap((d, i) => (d === face ? [] : [i]));
    if (diceToRoll.length > 0) return { type: 'ROLL', diceToRoll };
  }
  let best = null;
  for (const t of fillableBoxes(state)) {
    const s = score(t.box);
    if (!best || s > best.s) best = { ...t, s };
  }
  return { type: 'FILL', columnType: best.column, boxType: best.box };
}

function play(player, seed, preset) {
  const dice = seeded(seed);
  let state = newGame('SOLO', PRESETS[preset]);
  while (state.status === 'IN_PROGRESS') state = applyMove(state, player(state), dice);
  return totalSum(state.sheet);
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

function distribution(name, values) {
  const sorted = [...values].sort((a, b) => a - b);
  const m = mean(values);
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / values.length);
  const f = (x) => x.toFixed(1);
  return `  ${name.padEnd(8)} mean ${f(m)}  sd ${f(sd)}  p5 ${f(quantile(sorted, 0.05))}  p50 ${f(quantile(sorted, 0.5))}  p95 ${f(quantile(sorted, 0.95))}`;
}

console.log(`${N} seeded solo games per preset (seeds ${SEED}..${SEED + N - 1})`);
for (const preset of PRESETS_RUN) {
  times.length = 0;
  const advisor = [];
  const greedy = [];
  for (let g = 0; g < N; g++) {
    advisor.push(play(advisorMove, SEED + g, preset));
    if (GREEDY) greedy.push(play(greedyMove, SEED + g, preset));
  }
  const sortedTimes = [...times].sort((a, b) => a - b);
  const greedyMean = GREEDY ? mean(greedy).toFixed(1) : '-';
  console.log(
    `${preset.padEnd(8)} advisor mean ${mean(advisor).toFixed(1)}  greedy mean ${greedyMean}  decision median ${quantile(sortedTimes, 0.5).toFixed(3)} ms  p99 ${quantile(sortedTimes, 0.99).toFixed(3)} ms`,
  );
  if (DETAIL) {
    console.log(distribution('advisor', advisor));
    if (GREEDY) console.log(distribution('greedy', greedy));
    console.log(`  ${times.length} decisions`);
  }
}
