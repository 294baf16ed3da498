import {
  CHALLENGE_SEATS,
  type ChallengeResource,
  type ChallengeSeats,
  type ChallengeStatus,
} from '../../contract/challenges';
import { TURN_SECONDS, type TurnSeconds } from '../../contract/clashRules';
import type { ClashResource } from '../../contract/clashes';
import { describeRules, presetOf } from '../../game/rules';
import { findPlayer } from '../db/players';
import { freeSeat, markStarted, seatsOf } from '../db/challenges';
import type { Database } from '../db/client';
import { joinerRating } from '../db/ratings';
import type { ChallengeRow, PlayerRow } from '../db/schema';
import { clashPlayerOf } from '../routes/clashes';
import { AppError, forbidden } from './errors';
import { links } from './hal';
import { notify } from './notify';
import { openClash } from './openClash';
import { avatarOf } from './resources/player';

type Env = Pick<Cloudflare.Env, 'CLASH_ROOM' | 'PRESENCE'>;

/** A new code: 128 random bits from the platform's CSPRNG, base64url without padding (22 characters). */
export function newChallengeCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export const challengePath = (code: string) => `/api/challenges/${code}`;

/** The status a reader sees: an open challenge past its time is EXPIRED. */
export function challengeStatus(row: ChallengeRow, now: number): ChallengeStatus {
  if (row.status === 'OPEN' && row.expiresAt <= now) return 'EXPIRED';
  return row.status;
}

const seatsCount = (row: ChallengeRow): ChallengeSeats =>
  CHALLENGE_SEATS.find((n) => n === row.seats) ?? CHALLENGE_SEATS[0];

const turnSecondsOf = (row: ChallengeRow): TurnSeconds | null =>
  TURN_SECONDS.find((s) => s === row.turnSeconds) ?? null;

export interface ChallengeView {
  row: ChallengeRow;
  maker: Pick<PlayerRow, 'name' | 'avatarKey'>;
  makerRating: number;
  /** Seats taken by joiners (the maker's not counted). */
  joined: number;
  /** The viewer's seat, if they took one. */
  mySeat: number | null;
}

/** The maker as a challenge's page shows them: the row, and their rating in the challenge's preset. */
export async function makerOf(db: Database, row: ChallengeRow) {
  const maker = await findPlayer(db, row.makerId);
  if (!maker) throw new AppError(404, 'challenge-not-found');
  const rating = await joinerRating(db, maker.id, presetOf(row.rules) ?? 'CLASSIC');
  return { maker, rating };
}

/** The challenge as `viewerId` sees it: of its maker, only name, avatar and rating; links for what they may do. */
export function toChallengeResource(
  view: ChallengeView,
  viewerId: number | null,
  origin: string,
  now: number,
): ChallengeResource {
  const { row } = view;
  const status = challengeStatus(row, now);
  const mine = viewerId === row.makerId;
  const base = challengePath(row.code);
  const full = view.joined >= row.seats - 1;
  return {
    code: row.code,
    link: `${origin}/challenges/${row.code}`,
    name: row.name,
    maker: { name: view.maker.name, avatar: avatarOf(view.maker), rating: view.makerRating },
    rules: describeRules(row.rules),
    turnSeconds: turnSecondsOf(row),
    seats: seatsCount(row),
    seatsTaken: 1 + view.joined,
    status,
    clashId: status === 'STARTED' ? row.clashId : null,
    mine,
    mySeat: view.mySeat,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    _links: links({
      self: base,
      join: status === 'OPEN' && !mine && view.mySeat === null && !full && `${base}/join`,
      delete: status === 'OPEN' && mine && !full && base,
      clash: status === 'STARTED' && row.clashId !== null && `/api/clashes/${row.clashId}`,
    }),
  };
}

/**
 * Every seat is taken: the clash opens with everyone accepted (the maker first, then the seats in order) and
 * starts; the challenge is STARTED with it, and its maker is told. Should the clash not open, the last seat
 * is freed again (the caller's), so that the joiner, or another, may try again.
 */
export async function startChallenge(
  env: Env,
  db: Database,
  row: ChallengeRow,
  seat: number,
): Promise<ClashResource> {
  try {
    const seats = await seatsOf(db, row.id);
    const rows = await Promise.all(
      [row.makerId, ...seats.map((s) => s.playerId)].map((id) => findPlayer(db, id)),
    );
    const players = rows.map((p) => {
      if (!p) throw new AppError(409, 'challenge-taken');
      if (p.status === 'BANNED') throw forbidden('clash-player-banned');
      return p;
    });
    const [maker] = players as [PlayerRow, ...PlayerRow[]];
    const opened = await openClash(env, db, {
      name: row.name || players.map((p) => p.name).join(' – '),
      owner: { id: maker.id, name: maker.name },
      players: players.map(clashPlayerOf),
      turnSeconds: turnSecondsOf(row),
      rules: row.rules,
      quickMatch: false,
      origin: 'challenge',
    });
    if (!opened.ok) throw new AppError(opened.status, opened.key);
    await markStarted(db, row.id, opened.clash.id);
    const joiners = players.slice(1).map((p) => p.name);
    await notify(env, db, {
      playerId: maker.id,
      kind: 'challenge-accepted',
      params: { player: joiners.join(', '), clash: opened.clash.name },
      link: `/clashes/${opened.clash.id}`,
    }).catch((error: unknown) =>
      console.error(JSON.stringify({ what: 'notify-challenge', error: String(error) })),
    );
    return opened.clash;
  } catch (error) {
    await freeSeat(db, row.id, seat);
    throw error;
  }
}
