import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useChangeRelation, useRelation } from '../../api/friends';
import { ConfirmDialog } from '../ConfirmDialog';
import { toastError } from '../Toasts';
import { type FriendTarget, useFriendable } from './FollowButton';

/** Block (after a confirmation) or Unblock, for the player page. */
export function BlockButton({ player }: { player: FriendTarget }) {
  const { t } = useTranslation();
  const shown = useFriendable(player);
  const relation = useRelation(player.id, shown).data;
  const change = useChangeRelation(player.id);
  const [asking, setAsking] = useState(false);
  if (!shown || !relation) return null;
  const blocking = relation.blocking;
  const send = () =>
    change.mutate(
      { on: 'block', method: blocking ? 'DELETE' : 'PUT' },
      {
        onSuccess: () =>
          toast.success(t(blocking ? 'friends.unblocked' : 'friends.blocked', { name: player.name })),
        onError: toastError,
      },
    );
  return (
    <>
      <button
        type="button"
        className={blocking ? 'button' : 'button block-button'}
        disabled={change.isPending}
        onClick={() => (blocking ? send() : setAsking(true))}
      >
        {blocking ? t('friends.unblock') : t('friends.block')}
      </button>
      <ConfirmDialog
        open={asking}
        danger
        title={t('friends.blockTitle', { name: player.name })}
        message={t('friends.blockText')}
        confirmLabel={t('friends.block')}
        cancelLabel={t('friends.cancel')}
        onConfirm={() => {
          setAsking(false);
          send();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
