// What the clash screens compute from a clash, kept pure so the unit tests run it in node.
import type { ClashPlayer, ClashResource, ClashStatus } from '../../../contract/clashes';
import { CLASH_MAX_PLAYERS } from '../../../contract/clashRules';
import { places } from '../../../game/clash';

/** The groups of /clashes, in the order they are shown. */
export const CLASH_GROUPS: readonly ClashStatus[] = ['IN_PROGRESS', 'PENDING', 'COMPLETED', 'CANCELLED'];

/** The group a clash is listed in: an abandoned clash is finished too, and listed with the completed. */
const groupOf = (status: ClashStatus): ClashStatus => (status === 'ABANDONED' ? 'COMPLETED' : status);

/** The clashes of each status, each group in the order given (the list comes newest change first). */
export function groupClashes(clashes: readonly ClashResource[]): Record<ClashStatus, ClashResource[]> {
  const groups: Record<ClashStatus, ClashResource[]> = {
    IN_PROGRESS: [],
    PENDING: [],
    COMPLETED: [],
    ABANDONED: [],
    CANCELLED: [],
  };
  for (const clash of clashes) groups[groupOf(clash.status)]?.push(clash);
  return groups;
}

/** Seconds left on the running clash's clock at `now`, or null when it has none. */
export function clockLeft(clash: ClashResource, now: number): number | null {
  if (clash.status !== 'IN_PROGRESS' || !clash.turnDeadline) return null;
  return Math.max(0, Math.floor((Date.parse(clash.turnDeadline) - now) / 1000));
}

/** How many more players the clash can take (SPEC section 5: 3 in all). */
export const freeSeats = (clash: Pick<ClashResource, 'players'>): number =>
  Math.max(0, CLASH_MAX_PLAYERS - clash.players.length);

/** The player whose turn it is, while the clash is played. */
export function onTurn(clash: ClashResource): ClashPlayer | null {
  if (clash.status !== 'IN_PROGRESS') return null;
  return clash.players[clash.turn] ?? null;
}

export const isMember = (clash: ClashResource, viewerId: number | null | undefined): boolean =>
  viewerId !== null && viewerId !== undefined && clash.players.some((p) => p.id === viewerId);

export interface RankedPlayer {
  player: ClashPlayer;
  /** 1-based; tied totals share a place (1, 1, 3). */
  place: number;
  total: number;
}

/**
 * The final ranking: best total first, ties in turn order, sharing their place; forfeited players after
 * those who played on, by their totals too. In an abandoned clash nobody played on: by totals alone.
 */
export function ranking(clash: Pick<ClashResource, 'players' | 'status'>): RankedPlayer[] {
  const totals = clash.players.map((p) => p.score ?? 0);
  const placeOf = places(
    totals,
    clash.players.map((p) => clash.status !== 'ABANDONED' && p.forfeited),
  );
  return clash.players
    .map((player, index) => ({ player, place: placeOf[index], total: totals[index], index }))
    .sort((a, b) => a.place - b.place || a.index - b.index)
    .map(({ player, place, total }) => ({ player, place, total }));
}
