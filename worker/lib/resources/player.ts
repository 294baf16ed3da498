import type { PlayerResource } from '../../../contract/players';
import type { ReviewStats } from '../../../contract/replay';
import { type PresetRatings, RATING_MU, ratingOf } from '../../../contract/ratings';
import { PRESET_NAMES } from '../../../game/rules';
import type { PlayerRatingRow, PlayerRow } from '../../db/schema';
import { links } from '../hal';

export interface Viewer {
  id: number;
  admin: boolean;
  guest?: boolean;
}

export const playerPath = (id: number) => `/api/players/${id}`;
/** A player's avatar as resources show it: where to fetch the image, or null without one. */
export const avatarOf = (row: Pick<PlayerRow, 'avatarKey'>) =>
  row.avatarKey ? { url: `/api/avatars/${row.avatarKey}` } : null;

/** A player's rating in every preset from their rows (db/ratings.ts `ratingsOf`): no row is the default. */
export function presetRatings(rows: readonly PlayerRatingRow[]): PresetRatings {
  const byPreset = new Map(rows.map((row) => [row.preset, row]));
  const entries = PRESET_NAMES.map((preset) => {
    const row = byPreset.get(preset);
    return [preset, ratingOf(row?.mu ?? RATING_MU, row?.ratedClashes ?? 0)] as const;
  });
  return Object.fromEntries(entries) as PresetRatings;
}

/**
 * The player as a client sees it; private fields and links only for the player and admins. `ratings`
 * are the player's rows of player_ratings (db/ratings.ts `ratingsOf`; none for guests and the bot), `reviews`
 * their review figures (db/reviews.ts `reviewStatsOf`).
 */
export function toPlayerResource(
  row: PlayerRow,
  viewer: Viewer | null,
  ratings: readonly PlayerRatingRow[],
  reviews: ReviewStats = { games: 0, averageAccuracy: null },
): PlayerResource {
  const self = viewer?.id === row.id;
  const admin = viewer?.admin === true;
  const privileged = self || admin;
  const base = playerPath(row.id);
  const rated = !row.guest && !row.bot;
  const perPreset = rated ? presetRatings(ratings) : null;
  return {
    id: row.id,
    externalId: row.externalId,
    name: row.name,
    email: privileged ? row.email : null,
    emailVerified: row.emailVerified,
    avatar: avatarOf(row),
    admin: row.admin,
    guest: row.guest,
    bot: row.bot,
    rating: perPreset?.CLASSIC ?? null,
    ratings: perPreset,
    reviews,
    status: row.status,
    banReason: admin ? row.banReason : null,
    bannedAt: admin && row.bannedAt !== null ? new Date(row.bannedAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    _links: links({
      self: base,
      stats: `${base}/stats`,
      scores: `${base}/scores`,
      games: `${base}/games`,
      clashes: `${base}/clashes`,
      preferences: self && `${base}/preferences`,
      username: self && `${base}/username`,
      email: self && `${base}/email`,
      avatar: self && `${base}/avatar`,
      notifications: self && `${base}/notifications`,
      // The admins' only: a server error's row carries its stack.
      logs: viewer?.admin === true && `${base}/logs`,
      ratings: rated && `${base}/ratings`,
      // A registered viewer's record against someone else (guests play no clashes).
      headToHead: viewer !== null && viewer.guest !== true && !self && `${base}/head-to-head`,
      // Admins ban anyone but themselves, the bot and other admins (whose flag is taken first, by script).
      ban: admin && !self && !row.bot && !row.admin && row.status !== 'BANNED' && `${base}/ban`,
      unban: admin && row.status === 'BANNED' && `${base}/ban`,
    }),
  };
}
