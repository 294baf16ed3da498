import { useTranslation } from 'react-i18next';
import type { ClashPlayer, ClashResource } from '../../../contract/clashes';
import { CrownIcon } from '../icons';
import { BotBadge } from '../player/BotBadge';
import { HeadToHeadBadge, PlayerRatingBadge } from '../player/RatingBadge';
import { ClashAvatar } from './ClashAvatar';
import { useOnline } from './useOnline';
import type { PresetName } from '../../../game/rules';

export interface LobbyPlayersProps {
  clash: ClashResource;
  viewerId: number | null;
  /** Null without the server's remove link; the server says whether this player may go. */
  onRemove: ((player: ClashPlayer) => void) | null;
  pending: boolean;
}

/** Who is in a pending clash, online or not, and how each has answered; the owner's remove buttons. */
export function LobbyPlayers({ clash, viewerId, onRemove, pending }: LobbyPlayersProps) {
  const { t } = useTranslation();
  const online = useOnline(clash.players.map((p) => p.id));
  return (
    <section className="card clash-lobby-players" aria-labelledby="clash-lobby-players">
      <h2 id="clash-lobby-players">{t('clashes.lobby.players')}</h2>
      <ul className="lobby-list">
        {clash.players.map((player) => (
          <LobbyPlayer
            key={player.id}
            player={player}
            // The bot is always there to play.
            online={player.bot || online(player.id)}
            isOwner={player.id === clash.owner.id}
            viewerId={viewerId}
            preset={clash.rules.preset}
            // The server says whom the owner may take back (never themselves, nor a player who accepted).
            onRemove={onRemove && player.removable ? () => onRemove(player) : null}
            pending={pending}
          />
        ))}
      </ul>
    </section>
  );
}

interface LobbyPlayerProps {
  player: ClashPlayer;
  online: boolean;
  isOwner: boolean;
  viewerId: number | null;
  /** The clash's preset: the rating shown is the one it would move (none for a custom rule set). */
  preset: PresetName | null;
  onRemove: (() => void) | null;
  pending: boolean;
}

function LobbyPlayer({ player, online, isOwner, viewerId, preset, onRemove, pending }: LobbyPlayerProps) {
  const { t } = useTranslation();
  return (
    <li className={online ? 'lobby-player' : 'lobby-player lobby-player--offline'}>
      <ClashAvatar player={player} online={online} size={44} />
      <span className="lobby-player-text">
        <span className="lobby-player-name">
          {player.name}
          {player.bot ? <BotBadge /> : null}
          <PlayerRatingBadge playerId={player.id} preset={preset} />
          {player.id === viewerId ? <span className="clash-you"> {t('clashes.you')}</span> : null}
        </span>
        <span className="lobby-badges">
          {viewerId !== null && player.id !== viewerId ? (
            <HeadToHeadBadge playerId={player.id} name={player.name} />
          ) : null}
          {isOwner ? (
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
      {onRemove ? (
        <button
          type="button"
          className="button lobby-remove"
          disabled={pending}
          onClick={onRemove}
          aria-label={t('clashes.lobby.removeName', { name: player.name })}
        >
          {t('clashes.lobby.remove')}
        </button>
      ) : null}
    </li>
  );
}
