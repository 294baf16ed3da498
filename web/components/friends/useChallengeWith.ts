import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { usePlayer } from '../../api/players';
import type { PickedPlayer } from '../clash/PlayerPicker';

/**
 * The Friends screen's one-tap Challenge opens `/clashes?with=ID`: the create-clash form gets that player
 * picked (once, when their resource is read; `setPicked` is the form's state setter), and is brought into view with its name field focused.
 */
export function useChallengeWith(setPicked: (players: PickedPlayer[]) => void, focusId: string) {
  const [params] = useSearchParams();
  const raw = params.get('with');
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  const player = usePlayer(id).data;
  const done = useRef(0);
  useEffect(() => {
    if (!player || player.bot || done.current === player.id) return;
    done.current = player.id;
    setPicked([{ id: player.id, name: player.name, avatar: player.avatar }]);
    const field = document.getElementById(focusId);
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  }, [player, setPicked, focusId]);
}
