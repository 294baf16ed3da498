import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useChangeRelation, useRelation } from '../../api/friends';
import { useSession } from '../../api/session';
import { toastError } from '../Toasts';
import './friends.css';

export interface FriendTarget {
  id: number;
  name: string;
  bot?: boolean;
  guest?: boolean;
}

/** Whether the signed-in viewer may follow or block `player` at all: registered, someone else, a person. */
export function useFriendable(player: FriendTarget): boolean {
  const { player: me } = useSession();
  return !!me && !me.guest && me.id !== player.id && !player.bot && !player.guest;
}

/**
 * Follow or Unfollow (a toggle: pressed while following), for the player page, a clash's players and a
 * finished clash. Nothing for a guest viewer, oneself, the bot, or while a block stands either way.
 */
export function FollowButton({ player, compact = false }: { player: FriendTarget; compact?: boolean }) {
  const { t } = useTranslation();
  const shown = useFriendable(player);
  const relation = useRelation(player.id, shown).data;
  const change = useChangeRelation(player.id);
  if (!shown || !relation) return null;
  const following = relation.following;
  if (!following && !relation._links.follow) return null;
  const toggle = () =>
    change.mutate(
      { on: 'follow', method: following ? 'DELETE' : 'PUT' },
      {
        onSuccess: () =>
          toast.success(t(following ? 'friends.unfollowed' : 'friends.followed', { name: player.name })),
        onError: toastError,
      },
    );
  const label = following ? t('friends.following') : t('friends.follow');
  return (
    <button
      type="button"
      className={`button follow-button${compact ? ' follow-button--compact' : ''}${following ? ' follow-button--on' : ''}`}
      aria-pressed={following}
      aria-label={
        compact
          ? t(following ? 'friends.unfollowName' : 'friends.followName', { name: player.name })
          : undefined
      }
      title={following ? t('friends.unfollowName', { name: player.name }) : undefined}
      disabled={change.isPending}
      onClick={toggle}
    >
      <span aria-hidden="true">{following ? '✓' : '+'}</span>
      {label}
    </button>
  );
}
