import type { ActivePlayer } from '../../contract/presence';

// Placeholder until the presence channel lands: the signatures the clash screens use.

/** The players online now (registered players with at least one tab open). */
export function useActivePlayers(): ActivePlayer[] {
  return [];
}

/** Whether the player is online now. */
export function useIsOnline(_playerId: number): boolean {
  return false;
}
