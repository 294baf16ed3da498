import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useBan } from '../../api/admin';
import { ApiError, errorMessage } from '../../api/client';
import { ConfirmDialog } from '../ConfirmDialog';
import { checkFields, TextField, useField } from '../Field';
import { formatDateTime } from './format';
import './admin.css';
import { BanBody, type PlayerResource } from '../../../contract/players';

const REASON_ID = 'ban-reason';
/** A little over the limit, so the field's own message says what is too long instead of cutting it silently. */
const BAN_REASON_INPUT_MAX = 250;

/**
 * What admins see of a player's ban on their page: whether, why and since when, and the Ban (asks for the
 * reason) or Unban button, each shown when the player's resource carries its link.
 */
export function BanControls({ player }: { player: PlayerResource }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<'ban' | 'unban' | null>(null);
  const reason = useField('', BanBody.entries.reason);
  const change = useBan((error) => {
    if (error instanceof ApiError && error.key === 'ban-reason-invalid') {
      setAsking('ban');
      reason.fail(error.message);
    } else toast.error(errorMessage(error));
  });
  const { ban, unban } = player._links;
  if (player.status !== 'BANNED' && !ban) return null;

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

  return (
    <section className="card admin-ban" aria-label={t('admin.player.banned')}>
      {player.status === 'BANNED' ? (
        <div className="admin-ban-state">
          <span className="badge badge-error">{t('admin.player.banned')}</span>
          {player.bannedAt ? (
            <span className="muted">
              {t('admin.player.bannedSince', { date: formatDateTime(player.bannedAt, i18n.language) })}
            </span>
          ) : null}
          {player.banReason ? (
            <p className="admin-ban-reason">{t('admin.player.bannedReason', { reason: player.banReason })}</p>
          ) : null}
        </div>
      ) : null}
      <div className="admin-ban-actions">
        {ban ? (
          <button
            type="button"
            className="button button-danger"
            disabled={change.isPending}
            onClick={() => setAsking('ban')}
          >
            {t('admin.player.ban')}
          </button>
        ) : null}
        {unban ? (
          <button
            type="button"
            className="button"
            disabled={change.isPending}
            onClick={() => setAsking('unban')}
          >
            {t('admin.player.unban')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking === 'ban'}
        title={t('admin.player.banTitle', { name: player.name })}
        message={
          <>
            <p>{t('admin.player.banLead', { name: player.name })}</p>
            <TextField
              id={REASON_ID}
              label={t('admin.player.banReason')}
              field={reason}
              maxLength={BAN_REASON_INPUT_MAX}
              autoComplete="off"
              required
            />
          </>
        }
        confirmLabel={t('admin.player.banConfirm')}
        danger
        onCancel={() => setAsking(null)}
        onConfirm={confirmBan}
      />
      <ConfirmDialog
        open={asking === 'unban'}
        title={t('admin.player.unbanTitle', { name: player.name })}
        message={t('admin.player.unbanQuestion', { name: player.name })}
        confirmLabel={t('admin.player.unban')}
        onCancel={() => setAsking(null)}
        onConfirm={confirmUnban}
      />
    </section>
  );
}
