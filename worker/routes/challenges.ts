import { Hono } from 'hono';
import {
  CHALLENGE_CODE,
  CHALLENGE_MAX_OPEN,
  CHALLENGE_TTL_MS,
  type ChallengeJoined,
  type ChallengeList,
  CreateChallengeBody,
} from '../../contract/challenges';
import { type AppContext, currentPlayer, requirePlayer, type SessionVariables } from '../auth/session';
import {
  cancelChallenge,
  findChallenge,
  insertChallenge,
  openChallengeCount,
  openChallengesOf,
  seatCounts,
  seatsOf,
  takeSeat,
} from '../db/challenges';
import type { ChallengeRow } from '../db/schema';
import type { Env } from '../env';
import {
  challengeStatus,
  makerOf,
  newChallengeCode,
  startChallenge,
  toChallengeResource,
} from '../lib/challenges';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import { refuseOverCorrespondenceLimit } from '../lib/correspondence';
import { refuseBlocked } from '../lib/invitations';
import { readJson } from '../lib/validate';
import { clashRoom } from '../rooms';
import { registeredPlayer } from './clashes';

type Challenges = { Bindings: Env; Variables: SessionVariables };

const originOf = (c: AppContext) => c.env.APP_ORIGIN || new URL(c.req.url).origin;

/** The path's challenge: 404 for a code that is malformed or names none. */
async function challengeOf(c: AppContext): Promise<ChallengeRow> {
  const code = c.req.param('code') ?? '';
  if (!CHALLENGE_CODE.test(code)) throw notFound('challenge-not-found');
  const row = await findChallenge(c.var.db, code);
  if (!row) throw notFound('challenge-not-found');
  return row;
}

/** The challenge as the viewer sees it, read whole from D1. */
async function resourceOf(c: AppContext, row: ChallengeRow, viewerId: number | null) {
  const db = c.var.db;
  const [{ maker, rating }, seats] = await Promise.all([makerOf(db, row), seatsOf(db, row.id)]);
  const mySeat = seats.find((s) => s.playerId === viewerId)?.seat ?? null;
  const view = { row, maker, makerRating: rating, joined: seats.length, mySeat };
  return toChallengeResource(view, viewerId, originOf(c), Date.now());
}

/** Why the challenge takes nobody now: 409 with what it is (cancelled, expired, or every seat taken). */
function refuseJoin(row: ChallengeRow, now: number): never {
  const status = challengeStatus(row, now);
  if (status === 'CANCELLED') throw conflict('challenge-cancelled');
  if (status === 'EXPIRED') throw conflict('challenge-expired');
  throw conflict('challenge-taken');
}

export const challengesRoutes = new Hono<Challenges>()
  // A registered player makes an open challenge; the link is theirs to share.
  .post('/', async (c) => {
    const me = await registeredPlayer(c);
    const body = await readJson(c, CreateChallengeBody);
    const db = c.var.db;
    const now = Date.now();
    if ((await openChallengeCount(db, me.id, now)) >= CHALLENGE_MAX_OPEN)
      throw new AppError(429, 'too-many-challenges');
    const row = await insertChallenge(db, {
      code: newChallengeCode(),
      makerId: me.id,
      name: body.name,
      rules: body.rules,
      turnSeconds: body.turnSeconds,
      seats: body.seats,
      createdAt: now,
      expiresAt: now + CHALLENGE_TTL_MS,
    });
    return c.json(await resourceOf(c, row, me.id), 201);
  })
  // The caller's open challenges, with the seats taken.
  .get('/', async (c) => {
    const me = await registeredPlayer(c);
    const db = c.var.db;
    const now = Date.now();
    const rows = await openChallengesOf(db, me.id, now, CHALLENGE_MAX_OPEN);
    const taken = await seatCounts(
      db,
      rows.map((r) => r.id),
    );
    const makerRatings = await Promise.all(rows.map((row) => makerOf(db, row)));
    const challenges = rows.map((row, i) =>
      toChallengeResource(
        {
          row,
          maker: me,
          makerRating: makerRatings[i]!.rating,
          joined: taken.get(row.id) ?? 0,
          mySeat: null,
        },
        me.id,
        originOf(c),
        now,
      ),
    );
    return c.json({ _embedded: { challenges } } satisfies ChallengeList);
  })
  // Anyone, with or without a session: who challenges, the settings, the seats, and the clash once started.
  .get('/:code', async (c) => {
    const row = await challengeOf(c);
    const viewer = await currentPlayer(c);
    return c.json(await resourceOf(c, row, viewer?.id ?? null));
  })
  // Any player with a session, a guest too: a seat, and the clash once every seat is taken.
  .post('/:code/join', async (c) => {
    const me = await requirePlayer(c);
    const row = await challengeOf(c);
    if (row.makerId === me.id) throw forbidden('challenge-own');
    const db = c.var.db;
    const now = Date.now();
    const seated = (await seatsOf(db, row.id)).find((s) => s.playerId === me.id);
    // Blocked by the maker (403 invitations-blocked), or blocking them (403 invitee-blocked): no seat.
    if (!seated) await refuseBlocked(db, me.id, [row.makerId]);
    // A clash of a day a turn or more: nobody in it may hold more than the correspondence limit (409).
    if (!seated) await refuseOverCorrespondenceLimit(db, [row.makerId, me.id], row.turnSeconds);
    // Joining again answers what joining did: the clash if it started, else the seat.
    const seat = seated?.seat ?? (await takeSeat(db, row.id, me.id, now));
    if (seat === null) refuseJoin((await findChallenge(db, row.code)) ?? row, now);
    let clash = null;
    if (seated && row.status === 'STARTED' && row.clashId !== null) {
      const held = await clashRoom(c.env, row.clashId).get(me.id);
      clash = held.ok ? held.clash : null;
    } else if (!seated && seat === row.seats - 1) clash = await startChallenge(c.env, db, row, seat);
    const current = (await findChallenge(db, row.code)) ?? row;
    return c.json({ challenge: await resourceOf(c, current, me.id), clash } satisfies ChallengeJoined);
  })
  // Its maker cancels it while it is open and not yet full.
  .delete('/:code', async (c) => {
    const me = await requirePlayer(c);
    const row = await challengeOf(c);
    if (row.makerId !== me.id) throw forbidden('not-challenge-maker');
    if (!(await cancelChallenge(c.var.db, row.id, Date.now()))) refuseJoin(row, Date.now());
    return c.body(null, 204);
  });
