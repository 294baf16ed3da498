/**
 * Who opened a room's socket. worker/routes/live.ts sets this header on the upgrade it hands to a room,
 * from the verified session, after dropping any copy the client sent; a room reads it with `viewerFrom`.
 */
export const VIEWER_HEADER = 'X-Yamb-Viewer';

/**
 * On a presence channel's upgrade, how the viewer appears in the active player list (JSON of an
 * `ActivePlayer` and whether they are a guest, who is not listed), set by worker/routes/live.ts beside VIEWER_HEADER under the same rule.
 * On the quick-match queue's socket: the player as a pairing puts them in a clash, and their rating (a `Joiner`).
 */
export const VIEWER_PROFILE_HEADER = 'X-Yamb-Viewer-Profile';

/**
 * When the viewer's access token was signed (epoch ms), set by worker/routes/live.ts beside VIEWER_HEADER
 * under the same rule: a room closes the socket once the player's tokens signed before some moment end.
 */
export const VIEWER_ISSUED_HEADER = 'X-Yamb-Viewer-Issued';

/** The issue time a socket's upgrade carried; 0 (older than any ending) without a valid one. */
export function issuedFrom(header: string | null): number {
  const ms = Number(header);
  return header && Number.isSafeInteger(ms) && ms > 0 ? ms : 0;
}

/** The close code of a socket whose player's access ended (sign-out, password change, ban). */
export const ACCESS_ENDED = 4001;

/** The viewer's player id from the header's value, or null for an anonymous watcher. */
export function viewerFrom(header: string | null): number | null {
  const id = Number(header);
  return header && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * True when a token signed at `issuedAtMs` still counts: the player's tokens were last ended
 * (`tokensValidAfter`: a logout, a password change, a ban) before it was signed. The session reads the
 * player's row; a game's room, the access the Worker pushed to it.
 */
export const tokenCounts = (issuedAtMs: number, access: { tokensValidAfter: number }) =>
  issuedAtMs >= access.tokensValidAfter;
