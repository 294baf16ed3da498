import { useMemo } from 'react';
import { useActivePlayers } from '../../api/presence';
import { useSession } from '../../api/session';

/** Who is online now, as a test: the active player list, and the viewer, who is evidently here. */
export function useOnline(): (playerId: number) => boolean {
  const active = useActivePlayers();
  const { player } = useSession();
  const me = player?.id;
  return useMemo(() => {
    const ids = new Set(active.map((p) => p.id));
    return (id: number) => id === me || ids.has(id);
  }, [active, me]);
}
