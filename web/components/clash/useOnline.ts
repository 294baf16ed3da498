import { useMemo } from 'react';
import { useOnlineIds } from '../../api/presence';
import { useSession } from '../../api/session';

/**
 * Whether each of `playerIds` (the players a screen shows) is online now: asked of the online list, and
 * the viewer, who is evidently here.
 */
export function useOnline(playerIds: readonly number[]): (playerId: number) => boolean {
  const { player } = useSession();
  const me = player?.id;
  const online = useOnlineIds(playerIds.filter((id) => id !== me));
  return useMemo(() => (id: number) => id === me || online.has(id), [online, me]);
}
