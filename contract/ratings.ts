import * as v from 'valibot';
import { PRESET_NAMES, type PresetName } from '../game/rules';
import type { Links } from './links';
import { pageQuery } from './page';
import type { PlayerRef } from './playerRef';

// Clash ratings: a Weng-Lin (openskill) rating per registered player and preset (issue 27) from the
// completed clashes of 2-3 players, shown as one whole number on a scale centred on 1,500. A clash rates
// its players in its own preset only; a clash of a custom rule set is never rated.

/** openskill's defaults: a new player's mean skill and its uncertainty (mu = 25, sigma = 25/3). */
export const RATING_MU = 25;
export const RATING_SIGMA = 25 / 3;
/** Where the displayed scale is centred: a new player, and the average player, show 1,500. */
export const RATING_CENTRE = 1500;
/**
 * Display points per unit of mu. Elo's convention is that 400 points between two players mean 10:1 odds;
 * in Weng-Lin two settled players (sigma near 0, beta = 25/6) win with Φ(Δmu / √(2β²)), which is 10/11
 * at Δmu ≈ 7.9, so 400 / 7.9 ≈ 50: a gap on our scale reads like the same gap in chess ratings.
 */
export const RATING_SCALE = 50;
/** Below this many rated clashes a rating is provisional (sigma is still wide; the value moves a lot). */
export const PROVISIONAL_BELOW = 5;

/**
 * The displayed value: 1500 + 50·(mu − 25), rounded. On mu rather than the ordinal (mu − 3σ): the
 * ordinal starts at 0 and climbs as sigma shrinks, so it would reward playing often over playing well and
 * every newcomer would sit far below the centre; the uncertainty is shown as `provisional` instead.
 */
export const ratingValue = (mu: number): number =>
  Math.round(RATING_CENTRE + RATING_SCALE * (mu - RATING_MU));

/** A player's rating as the player resource carries it (null for guests and the bot). */
export interface Rating {
  value: number;
  provisional: boolean;
  /** Rated clashes played. */
  clashes: number;
}

export const ratingOf = (mu: number, clashes: number): Rating => ({
  value: ratingValue(mu),
  provisional: clashes < PROVISIONAL_BELOW,
  clashes,
});

/** A player's rating in every preset: an unrated one is the default (1,500, provisional, no clash). */
export type PresetRatings = Record<PresetName, Rating>;

/** GET /api/ratings/: the rating tab's rows, registered players with at least one rated clash of the preset. */
export interface RatingEntry extends Rating {
  player: PlayerRef;
  preset: PresetName;
  _links: Links<'player'>;
}

/** The sorts of GET /api/ratings/ (by value; `order` ASC or DESC, DESC by default). */
export const RATING_SORTS = ['value'] as const;

/** `preset`: which preset's ratings or rankings (CLASSIC unless given); custom rule sets have none. */
export const presetQuery = v.optional(v.picklist(PRESET_NAMES, 'input-invalid'), 'CLASSIC');

/** GET /api/ratings/?preset=: a page of one preset's ratings. */
export const RatingsQuery = v.object({ ...pageQuery(RATING_SORTS, 'value').entries, preset: presetQuery });

/** GET /api/players/{id}/ratings: one rated clash of the player, newest first. */
export interface RatingChange {
  clash: { id: number };
  /** The clash's preset: the rating it moved. */
  preset: PresetName;
  /** 1-based; tied players share a place. */
  place: number;
  before: number;
  after: number;
  createdAt: string;
  _links: Links<'clash'>;
}

export const RATING_CHANGE_SORTS = ['createdAt'] as const;

/** GET /api/players/{id}/ratings?preset=: a page of the player's rated clashes of one preset (CLASSIC unless given). */
export const RatingChangesQuery = v.object({
  ...pageQuery(RATING_CHANGE_SORTS, 'createdAt').entries,
  preset: presetQuery,
});

/** One completed clash of the viewer and the player, from the viewer's side. */
export interface HeadToHeadClash {
  clash: { id: number; name: string };
  /** WIN: the viewer placed above the player; TIE: the same place. */
  result: 'WIN' | 'LOSS' | 'TIE';
  completedAt: string;
  _links: Links<'clash'>;
}

/**
 * GET /api/players/{id}/head-to-head: the signed-in viewer's record against the player over the completed
 * clashes both played, placed as the ratings place them, and the last five of them. 401 when anonymous;
 * 400 head-to-head-self for the viewer's own id (there is no record against oneself).
 */
export interface HeadToHead {
  player: PlayerRef;
  wins: number;
  losses: number;
  ties: number;
  last: HeadToHeadClash[];
}
