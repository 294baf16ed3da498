// Which of two states of one clash the cache keeps. Pure, so the unit tests run it in node.
import type { ClashResource } from '../../contract/clashes';

/**
 * Whether `incoming` may replace `current`. A delayed UPDATE, the answer to the viewer's own action and
 * the catch-up of a reconnected socket race each other; an older state must never overwrite a newer one.
 */
export function isNewerClash(incoming: ClashResource, current: ClashResource | undefined): boolean {
  if (!current || current.id !== incoming.id) return true;
  return Date.parse(incoming.updatedAt) >= Date.parse(current.updatedAt);
}
