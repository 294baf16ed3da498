/**
 * Who opened a room's socket. worker/routes/live.ts sets this header on the upgrade it hands to a room,
 * from the verified session, after dropping any copy the client sent; a room reads it with `viewerFrom`.
 */
export const VIEWER_HEADER = 'X-Yamb-Viewer';

/** The viewer's player id from the header's value, or null for an anonymous watcher. */
export function viewerFrom(header: string | null): number | null {
  const id = Number(header);
  return header && Number.isSafeInteger(id) && id > 0 ? id : null;
}
