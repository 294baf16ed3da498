import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';
import { TextField } from '../Field';
import { BanState } from './BanState';
import { REASON_ID, useBanControls } from './useBanControls';
import './admin.css';
import type { PlayerResource } from '../../../contract/players';

/** A little over the limit, so the field's own message says what is too long instead of cutting it silently. */
const BAN_REASON_INPUT_MAX = 250;

/**
 * What admins see of a player's ban on their page: whether, why and since when, and the Ban (asks for the
 * reason) or Unban button, each shown when the player's resource carries its link.
 */
export function BanControls({ player }: { player: PlayerResource }) {
  const { t } = useTranslation();
  const { asking, setAsking, reason, pending, confirmBan, confirmUnban } = useBanControls(player);
  const { ban, unban } = player._links;
  if (player.status !== 'BANNED' && !ban) return null;

  return (
    <section className="card admin-ban" aria-label={t('admin.player.banned')}>
      {player.status === 'BANNED' ? <BanState player={player} /> : null}
      <div className="admin-ban-actions">
        {ban ? (
          <button
            type="button"
            className="button button-danger"
            disabled={pending}
            onClick={() => setAsking('ban')}
          >
            {t('admin.player.ban')}
          </button>
        ) : null}
        {unban ? (
          <button type="button" className="button" disabled={pending} onClick={() => setAsking('unban')}>
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
