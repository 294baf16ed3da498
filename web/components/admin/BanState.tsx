import { useTranslation } from 'react-i18next';
import type { PlayerResource } from '../../../contract/players';
import { formatDateTime } from './format';

/** A banned player's badge, since when and why. */
export function BanState({ player }: { player: PlayerResource }) {
  const { t, i18n } = useTranslation();
  return (
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
  );
}
