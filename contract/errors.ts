/**
 * The body of every API error (DESIGN.md "HTTP contract"): `message` in the request's language, `key`
 * stable (one of the `errors.*` keys of locales/*.json).
 */
export interface ErrorBody {
  message: string;
  key: string;
  /** `player-banned`: why an admin banned the account, told to its own player only (signing in, or with their old token). */
  reason?: string;
}
