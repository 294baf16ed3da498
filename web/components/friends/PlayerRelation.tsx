import { useTranslation } from 'react-i18next';
import { useRelation } from '../../api/friends';
import { BlockButton } from './BlockButton';
import { type FriendTarget, FollowButton, useFriendable } from './FollowButton';

/** The player page's friend controls: Follow or Unfollow, Block or Unblock, and whether they follow you. */
export function PlayerRelation({ player }: { player: FriendTarget }) {
  const { t } = useTranslation();
  const shown = useFriendable(player);
  const relation = useRelation(player.id, shown).data;
  if (!shown) return null;
  return (
    <div className="player-relation" role="group" aria-label={t('friends.controls')}>
      <FollowButton player={player} />
      <BlockButton player={player} />
      {relation?.followsYou ? <span className="player-badge">{t('friends.followsYou')}</span> : null}
      {relation?.blocking ? <span className="player-badge">{t('friends.youBlock')}</span> : null}
    </div>
  );
}
