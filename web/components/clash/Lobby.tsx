import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ClashResource } from '../../../contract/clashes';
import { type ClashAction, useClashAction } from '../../api/clash';
import { toastError } from '../Toasts';
import { LobbyPlayers } from './LobbyPlayers';
import { LobbyAdd, LobbyAnswer, LobbyDelete } from './LobbySections';

export interface LobbyProps {
  clash: ClashResource;
  viewerId: number | null;
}

/**
 * A pending clash: who is in it and who has answered; the invited viewer accepts or declines, the owner
 * adds, removes or deletes. Every button stands for a link the server gave this viewer, and the server
 * answers whether it may be done (a refusal is shown as a toast).
 */
export function Lobby({ clash, viewerId }: LobbyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useClashAction(clash.id);
  const links = clash._links;
  const me = clash.players.find((p) => p.id === viewerId);
  const waiting = clash.players.filter((p) => p.status === 'PENDING').length;
  const pending = action.isPending;

  const run = (next: ClashAction, after?: () => void) =>
    action.mutate(next, { onSuccess: after, onError: toastError });
  // SPEC section 4: a decline, like a delete, returns to the list.
  const backToList = (message: string) => () => {
    toast.success(t(message));
    void navigate('/clashes');
  };

  return (
    <div className="clash-lobby">
      <p className="clash-lead" role="status">
        {me?.status === 'PENDING'
          ? t('clashes.lobby.invitedYou', { name: clash.owner.name })
          : t('clashes.lobby.waiting', { count: waiting })}
      </p>
      <LobbyPlayers
        clash={clash}
        viewerId={viewerId}
        onRemove={links.remove ? (player) => run({ type: 'remove', playerIds: [player.id] }) : null}
        pending={pending}
      />
      <LobbyAnswer
        onAccept={links.accept && viewerId ? () => run({ type: 'accept', playerId: viewerId }) : null}
        onDecline={
          links.decline && viewerId
            ? () => run({ type: 'decline', playerId: viewerId }, backToList('clashes.lobby.declined'))
            : null
        }
        pending={pending}
      />
      {links.add ? (
        <LobbyAdd
          clash={clash}
          onAdd={(playerIds, done) => run({ type: 'add', playerIds }, done)}
          pending={pending}
        />
      ) : null}
      {links.delete ? (
        <LobbyDelete
          clash={clash}
          onDelete={() => run({ type: 'delete' }, backToList('clashes.lobby.deleted'))}
          pending={pending}
        />
      ) : null}
    </div>
  );
}
