import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useBan } from '../../api/admin';
import { ApiError, errorMessage } from '../../api/client';
import { checkFields, useField } from '../Field';
import { BanBody, type PlayerResource } from '../../../contract/players';

export const REASON_ID = 'ban-reason';

/** Which question is open (ban or unban), the ban's reason, and the change once confirmed. */
export function useBanControls(player: PlayerResource) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<'ban' | 'unban' | null>(null);
  const reason = useField('', BanBody.entries.reason);
  const change = useBan((error) => {
    if (error instanceof ApiError && error.key === 'ban-reason-invalid') {
      setAsking('ban');
      reason.fail(error.message);
    } else toast.error(errorMessage(error));
  });

  const confirmBan = () => {
    if (!checkFields([[reason, REASON_ID]])) return;
    setAsking(null);
    change.mutate(
      { player, reason: reason.value.trim() },
      {
        onSuccess: () => {
          reason.reset('');
          toast.success(t('admin.player.bannedToast', { name: player.name }));
        },
      },
    );
  };
  const confirmUnban = () => {
    setAsking(null);
    change.mutate(
      { player, reason: null },
      { onSuccess: () => toast.success(t('admin.player.unbannedToast', { name: player.name })) },
    );
  };

  return { asking, setAsking, reason, pending: change.isPending, confirmBan, confirmUnban };
}
