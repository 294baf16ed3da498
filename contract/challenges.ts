import * as v from 'valibot';
import type { Rules } from '../game/rules';
import { CLASH_NAME_MAX, TURN_SECONDS, type TurnSeconds } from './clashRules';
import type { ClashResource } from './clashes';
import type { Links } from './links';
import { RulesInput } from './rules';

// Challenge links (issue 29): a registered player makes an open challenge, shares its link, and whoever
// opens it joins with one tap (a visitor as a guest); the clash starts when every seat is taken.

/** An unused link expires this long after it was made. */
export const CHALLENGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Players in all, the maker included. */
export const CHALLENGE_SEATS = [2, 3] as const;
export type ChallengeSeats = (typeof CHALLENGE_SEATS)[number];
/** Open challenges one maker may have at once. */
export const CHALLENGE_MAX_OPEN = 10;

/** OPEN until full (STARTED, with its clash to watch), CANCELLED by its maker, or EXPIRED unused. */
export type ChallengeStatus = 'OPEN' | 'STARTED' | 'EXPIRED' | 'CANCELLED';

/** `self` and `join`: the link's API; `delete`: its maker cancels it; `clash`: the started clash. */
export type ChallengeLinkName = 'self' | 'join' | 'delete' | 'clash';

/**
 * GET /api/challenges/{code}, for anyone (no session needed): of its maker, nothing but their name, avatar
 * and rating (in the challenge's preset; CLASSIC for a custom rule set).
 */
export interface ChallengeResource {
  code: string;
  /** The page to share: `{origin}/challenges/{code}`. */
  link: string;
  /** The clash's name once it starts; empty: the players' names. */
  name: string;
  maker: { name: string; avatar: { url: string } | null; rating: number };
  rules: Rules;
  turnSeconds: TurnSeconds | null;
  seats: ChallengeSeats;
  /** Seats taken, the maker's included. */
  seatsTaken: number;
  status: ChallengeStatus;
  /** The started clash, to watch (or play, for its players). */
  clashId: number | null;
  /** The viewer is the maker. */
  mine: boolean;
  /** The seat the viewer took (1 on), or null. */
  mySeat: number | null;
  createdAt: string;
  expiresAt: string;
  _links: Links<ChallengeLinkName>;
}

/** POST /api/challenges/{code}/join: the clash once full, else the challenge with the caller's seat. */
export interface ChallengeJoined {
  challenge: ChallengeResource;
  clash: ClashResource | null;
}

/** GET /api/challenges/: the caller's open challenges, newest first. */
export interface ChallengeList {
  _embedded: { challenges: ChallengeResource[] };
}

/** POST /api/challenges/. */
export const CreateChallengeBody = v.object({
  // A preset's name or a custom rule set (contract/rules.ts); CLASSIC when left out.
  rules: v.optional(RulesInput, 'CLASSIC'),
  turnSeconds: v.optional(v.nullable(v.picklist(TURN_SECONDS, 'turn-seconds-invalid')), null),
  seats: v.picklist(CHALLENGE_SEATS, 'challenge-seats-invalid'),
  name: v.optional(
    v.pipe(v.string('clash-name-invalid'), v.trim(), v.maxLength(CLASH_NAME_MAX, 'clash-name-invalid')),
    '',
  ),
});
export type CreateChallenge = v.InferInput<typeof CreateChallengeBody>;

/** A code as a path names it: base64url, 22 characters (128 bits) or more. */
export const CHALLENGE_CODE = /^[A-Za-z0-9_-]{22,64}$/;
