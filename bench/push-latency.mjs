// Web Push latency against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port): a
// two-player clash whose second player has no tab open and one device subscribed at a fake push service
// (test/fakes/pushService.mjs, in this process: it checks the VAPID signature and decrypts the payload). The
// owner fills a box, passing the turn; measured from the start of that fill request to the fake receiving
// the "your turn" push (issue 29's target: within 2 s). A fresh clash per sample: a player away is told
// "your turn" once per clash until they come back. N samples: first argument or BENCH_PUSH_N (default 20).
import { startPushService } from '../test/fakes/pushService.mjs';
import { BASE, client, fmt, loadRules, summary } from './lib/harness.mjs';

const N = Number(process.argv[2] ?? process.env.BENCH_PUSH_N ?? 20);
const WARMUP = 2;
const TARGET_MS = 2000;
const TIMEOUT_MS = 10_000;
const PASSWORD = 'bench-secret-1';
const run = Date.now().toString(36).slice(-6);

const { fillableBoxes, canAnnounce, BOX_TYPES, toGameState } = await loadRules();
const fake = await startPushService();

/** A registered player on an address of their own, so the sign-up limits don't refuse the run. */
async function registered(i) {
  const visitor = client(`198.51.100.${(i % 200) + 1}`);
  await visitor.call('POST', '/api/auth/register-guest', {});
  const player = await visitor.call('POST', '/api/auth/register', {
    username: `pl${run}p${i}`,
    password: PASSWORD,
  });
  return { ...visitor, player };
}

/** A started clash of two new players, the second away with one device subscribed at the fake. */
async function awayClash(round) {
  const [owner, away] = await Promise.all([registered(round * 2), registered(round * 2 + 1)]);
  const device = fake.subscribe();
  await away.call('POST', '/api/push-subscriptions/', device);
  const clash = await owner.call('POST', '/api/clashes/', {
    ownerId: owner.player.id,
    playerIds: [owner.player.id, away.player.id],
    type: 'LIVE',
    name: `Push ${round}`,
  });
  const theirs = await away.call('GET', `/api/clashes/${clash.id}`);
  const started = await away.call('PUT', theirs._links.accept.href, { playerId: away.player.id });
  return { owner, device, gameId: started.players[0].gameId };
}

/** The push for `device` that arrives, or an error after TIMEOUT_MS. */
async function arrival(device) {
  const until = Date.now() + TIMEOUT_MS;
  while (Date.now() < until) {
    const push = fake.received.find((r) => r.id === device.id);
    if (push) return push;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(
    `no push for ${device.endpoint} within ${TIMEOUT_MS} ms (refused: ${JSON.stringify(fake.refused)})`,
  );
}

/** The owner's turn (roll, an announcement if need be, the first box allowed); ms from the fill to the push. */
async function sample(round) {
  const { owner, device, gameId } = await awayClash(round);
  let game = await owner.call('PUT', `/api/games/${gameId}/roll`, {});
  let boxes = fillableBoxes(toGameState(game));
  if (boxes.length === 0) {
    const box = BOX_TYPES.find((b) => canAnnounce(toGameState(game), b));
    game = await owner.call('PUT', `/api/games/${gameId}/announce`, { boxType: box });
    boxes = fillableBoxes(toGameState(game));
  }
  const { column, box } = boxes[0];
  const started = Date.now();
  await owner.call('PUT', `/api/games/${gameId}/fill`, { columnType: column, boxType: box });
  const push = await arrival(device);
  if (!push.payload.link?.startsWith('/clashes/'))
    throw new Error(`push without a clash link: ${push.payload.link}`);
  return push.receivedAt - started;
}

const samples = [];
try {
  for (let i = 0; i < WARMUP + N; i++) {
    const ms = await sample(i + 1);
    if (i >= WARMUP) samples.push(ms);
  }
} finally {
  await fake.close();
}

const { p50, p99, n } = summary(samples);
console.log(`\nWeb Push latency, ${n} turns after ${WARMUP} warm-up, against ${BASE} (ms)\n`);
console.log(
  `${'from fill request start to push received'.padEnd(44)}${'p50'.padStart(8)}${'p99'.padStart(8)}`,
);
console.log(`${'the fake push service'.padEnd(44)}${fmt(p50)}${fmt(p99)}`);
const verdict = p99 <= TARGET_MS ? 'within' : 'OVER';
console.log(`\np99 ${p99} ms: ${verdict} the ${TARGET_MS} ms target`);
if (p99 > TARGET_MS) process.exitCode = 1;
