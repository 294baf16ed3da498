// The review of a whole game (issue 30) with the code the browser's advisor worker runs
// (web/components/game/advisor.worker.ts: game/replay.ts replayFrames, then game/review.ts reviewGame and
// summarize): a 52-turn CLASSIC game and a 91-turn LONG one, each played by the advisor on seeded dice with
// a worse choice mixed in now and then. Prints the seconds each review takes; targets ≤ 3 s and ≤ 10 s.
// Needs no server (scripts/bench.mjs runs it with the others).
import { performance } from 'node:perf_hooks';
import { loadModules } from './lib/harness.mjs';

const TARGETS = { CLASSIC: 3, LONG: 10 };

const loadReview = () =>
  loadModules(
    [
      "export { advise, moveOf, applyMove, newGame, PRESETS } from './game/index.ts';",
      "export { entryOf, replayFrames } from './game/replay.ts';",
      "export { reviewGame, summarize } from './game/review.ts';",
      "export { mulberry32, seededDice } from './game/seeded.ts';",
    ].join('\n'),
  );

// Two copies of the code: the games are played with one, and reviewed with the other, which starts as cold
// as a browser's worker (the advisor memoises the turns it solved).
const r = await loadReview();
const reviewer = await loadReview();

/** A whole logged game: the advisor's choice, but every seventh decision another candidate at random. */
function playLogged(rules, seed) {
  const random = r.mulberry32(seed);
  const dice = r.seededDice(random);
  let state = r.newGame('SOLO', rules);
  const turns = [];
  let open = [];
  let decisions = 0;
  while (state.status === 'IN_PROGRESS') {
    const advice = r.advise(state);
    const others = advice.candidates.filter((c) => c.expected < advice.expected - 1e-9);
    const worse = ++decisions % 7 === 0 && others.length > 0;
    const decision = worse ? others[Math.floor(random() * others.length)].decision : advice;
    const move = r.moveOf(decision);
    state = r.applyMove(state, move, dice);
    const entry = r.entryOf(move, state);
    if (entry) open.push(entry);
    if (move.type === 'FILL') {
      turns.push({ gameId: 1, moves: open });
      open = [];
    }
  }
  return turns;
}

for (const preset of ['CLASSIC', 'LONG']) {
  const rules = r.PRESETS[preset];
  const turns = playLogged(rules, 30);
  const started = performance.now();
  const { frames } = reviewer.replayFrames(rules, 'SOLO', [1], turns);
  const grades = reviewer.reviewGame(frames, 1);
  const summary = reviewer.summarize(grades);
  const seconds = (performance.now() - started) / 1000;
  const verdict = seconds <= TARGETS[preset] ? 'ok' : 'OVER';
  console.log(
    `review ${preset}: ${turns.length} turns, ${summary.decisions} decisions graded in ${seconds.toFixed(2)} s ` +
      `(target ≤ ${TARGETS[preset]} s, ${verdict}); accuracy ${(summary.accuracy * 100).toFixed(0)} %, ` +
      `${summary.pointsLost.toFixed(1)} points given up`,
  );
}
