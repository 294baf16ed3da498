import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ClashResource } from '../../../contract/clashes';
import { type ClashAction, useClashAction } from '../../api/clash';
import { ConfirmDialog } from '../ConfirmDialog';
import { toastError } from '../Toasts';
import { BotBadge } from '../player/BotBadge';
import { HeadToHeadBadge, PlayerRatingBadge } from '../player/RatingBadge';
import { ClashAvatar } from './ClashAvatar';
import { CrownIcon } from '../icons';
import { freeSeats } from './model';
import { type PickedPlayer, PlayerPicker } from './PlayerPicker';
import { useOnline } from './useOnline';

export interface LobbyProps {
  clash: ClashResource;
  viewerId: number | null;
}

/**
 * A pending clash: who is in it and who has answered; the invited viewer accepts or declines, the owner
 * adds, removes or deletes. Every button stands for a link the server gave this viewer.
 */
export function Lobby({ clash, viewerId }: LobbyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useClashAction(clash.id);
  const online = useOnline();
  const [adding, setAdding] = useState<PickedPlayer[]>([]);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const links = clash._links;
  const me = clash.players.find((p) => p.id === viewerId);
  const waiting = clash.players.filter((p) => p.status === 'PENDING').length;

  const run = (next: ClashAction, after?: () => void) =>
    action.mutate(next, { onSuccess: after, onError: toastError });

  const removable = (playerId: number) =>
    !!links.remove &&
    playerId !== clash.owner.id &&
    clash.players.find((p) => p.id === playerId)?.status !== 'ACCEPTED';

  return (
    <div className="clash-lobby">
      <p className="clash-lead" role="status">
        {me?.status === 'PENDING'
          ? t('clashes.lobby.invitedYou', { name: clash.owner.name })
          : t('clashes.lobby.waiting', { count: waiting })}
      </p>

      <section className="card clash-lobby-players" aria-labelledby="clash-lobby-players">
        <h2 id="clash-lobby-players">{t('clashes.lobby.players')}</h2>
        <ul className="lobby-list">
          {clash.players.map((player) => {
            // The bot is always there to play.
            const isOnline = player.bot || online(player.id);
            return (
              <li
                key={player.id}
                className={isOnline ? 'lobby-player' : 'lobby-player lobby-player--offline'}
              >
                <ClashAvatar player={player} online={isOnline} size={44} />
                <span className="lobby-player-text">
                  <span className="lobby-player-name">
                    {player.name}
                    {player.bot ? <BotBadge /> : null}
                    <PlayerRatingBadge playerId={player.id} />
                    {player.id === viewerId ? <span className="clash-you"> {t('clashes.you')}</span> : null}
                  </span>
                  <span className="lobby-badges">
                    {viewerId !== null && player.id !== viewerId ? (
                      <HeadToHeadBadge playerId={player.id} name={player.name} />
                    ) : null}
                    {player.id === clash.owner.id ? (
                      <span className="clash-badge clash-badge--owner">
                        <CrownIcon size={14} />
                        {t('clashes.lobby.owner')}
                      </span>
                    ) : null}
                    <span className={`clash-badge clash-badge--${player.status.toLowerCase()}`}>
                      {t(`clashes.playerStatus.${player.status}`)}
                    </span>
                  </span>
                </span>
                {removable(player.id) ? (
                  <button
                    type="button"
                    className="button lobby-remove"
                    disabled={action.isPending}
                    onClick={() => run({ type: 'remove', playerIds: [player.id] })}
                    aria-label={t('clashes.lobby.removeName', { name: player.name })}
                  >
                    {t('clashes.lobby.remove')}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      {links.accept || links.decline ? (
        <div className="clash-answer">
          {links.accept ? (
            <button
              type="button"
              className="button button-primary"
              disabled={action.isPending}
              onClick={() => viewerId && run({ type: 'accept', playerId: viewerId })}
            >
              {t('clashes.lobby.accept')}
            </button>
          ) : null}
          {links.decline ? (
            <button
              type="button"
              className="button"
              disabled={action.isPending}
              onClick={() =>
                viewerId &&
                run({ type: 'decline', playerId: viewerId }, () => {
                  // SPEC section 4: a decline returns to the list.
                  toast.success(t('clashes.lobby.declined'));
                  void navigate('/clashes');
                })
              }
            >
              {t('clashes.lobby.decline')}
            </button>
          ) : null}
        </div>
      ) : null}

      {links.add && freeSeats(clash) > 0 ? (
        <form
          className="card clash-add"
          onSubmit={(event) => {
            event.preventDefault();
            if (adding.length === 0) return;
            run({ type: 'add', playerIds: adding.map((p) => p.id) }, () => setAdding([]));
          }}
        >
          <PlayerPicker
            id="clash-add-players"
            label={t('clashes.lobby.addPlayers')}
            selected={adding}
            onChange={setAdding}
            max={freeSeats(clash)}
            exclude={clash.players.map((p) => p.id)}
          />
          <div className="form-actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={adding.length === 0 || action.isPending}
            >
              {t('clashes.lobby.add')}
            </button>
          </div>
        </form>
      ) : null}

      {links.delete ? (
        <div className="clash-danger">
          <button
            type="button"
            className="button button-danger"
            disabled={action.isPending}
            onClick={() => setConfirmingDelete(true)}
          >
            {t('clashes.lobby.delete')}
          </button>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirmingDelete}
        title={t('clashes.lobby.deleteTitle')}
        message={t('clashes.lobby.deleteText', { name: clash.name })}
        danger
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          run({ type: 'delete' }, () => {
            toast.success(t('clashes.lobby.deleted'));
            void navigate('/clashes');
          });
        }}
      />
    </div>
  );
}
