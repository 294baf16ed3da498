/**
 * The body of every API error (DESIGN.md "HTTP contract"): `message` in the request's language, `key`
 * stable (one of the `errors.*` keys of locales/*.json).
 */
export interface ErrorBody {
  message: string;
  key: string;
}
