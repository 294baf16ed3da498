import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FollowedPlayer, FriendPlayer } from '../../../contract/friends';
import { Avatar } from '../Avatar';
import { ClashAvatar } from '../clash/ClashAvatar';
import { RatingValue } from '../player/RatingBadge';

/** One player of a friends list: avatar, name (to their page), rating, their state, and the row's actions. */
export function FriendRow({
  player,
  actions,
}: {
  player: FriendPlayer | FollowedPlayer;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const followed = 'online' in player ? player : null;
  return (
    <li className="friend-row" data-testid="friend-row">
      <span className="friend-who">
        {followed ? (
          <ClashAvatar player={player} online={followed.online} size={40} spoken={false} />
        ) : (
          <Avatar player={player} size={40} />
        )}
        <span className="friend-text">
          <Link to={`/players/${player.id}`} className="friend-name">
            {player.name}
          </Link>
          <span className="friend-state">
            {player.rating ? <RatingValue rating={player.rating} /> : null}
            {followed ? (
              <span
                className={followed.online ? 'friend-state--online' : undefined}
                data-testid="friend-online"
              >
                {t(followed.online ? 'friends.online' : 'friends.offline')}
              </span>
            ) : null}
            {followed?.clashId ? (
              <Link to={`/clashes/${followed.clashId}`} className="friend-playing">
                {t('friends.inGame')}
              </Link>
            ) : null}
          </span>
        </span>
      </span>
      <span className="friend-actions">{actions}</span>
    </li>
  );
}
