import type { Links } from './links';

/**
 * The body of every API error (DESIGN.md "HTTP contract"): `message` in the request's language, `key`
 * stable (one of the `errors.*` keys of locales/*.json).
 */
export interface ErrorBody {
  message: string;
  key: string;
  /** `player-banned`: why an admin banned the account, told to its own player only (signing in, or with their old token). */
  reason?: string;
  /**
   * Where to go from the refusal: `game-in-progress` (PUT /api/games/ with other rules) names the
   * player's `current` game, to finish or to replace.
   */
  _links?: Links<string>;
}
