import { useTranslation } from 'react-i18next';
import type { ClashResource } from '../../../contract/clashes';
import { BotBadge } from '../player/BotBadge';
import { FollowButton } from '../friends/FollowButton';
import { PlayerRatingBadge } from '../player/RatingBadge';
import { ClashAvatar } from './ClashAvatar';
import { CrownIcon } from '../icons';
import { OutBadge } from './FinalRanking';
import { useOnline } from './useOnline';

/** The players of a clash in turn order, with their totals and whose turn it is. */
export function ClashPlayers({ clash, viewerId }: { clash: ClashResource; viewerId: number | null }) {
  const { t } = useTranslation();
  const online = useOnline(clash.players.map((p) => p.id));
  const playing = clash.status === 'IN_PROGRESS';
  return (
    <ol className="clash-players" aria-label={t('clashes.live.players')}>
      {clash.players.map((player, index) => {
        const current = playing && index === clash.turn;
        const classes = ['clash-player'];
        if (current) classes.push('clash-player--turn');
        if (player.id === viewerId) classes.push('clash-player--me');
        return (
          <li key={player.id} className={classes.join(' ')} aria-current={current ? 'step' : undefined}>
            <ClashAvatar player={player} online={player.bot || online(player.id)} size={36} />
            <span className="clash-player-text">
              <span className="clash-player-name">
                {player.name}
                {player.bot ? <BotBadge /> : null}
                <PlayerRatingBadge playerId={player.id} preset={clash.rules.preset} />
                {player.id === viewerId ? <span className="clash-you"> {t('clashes.you')}</span> : null}
              </span>
              <span className="clash-player-meta">
                {current ? <span className="clash-player-turn">{t('clashes.live.onTurn')}</span> : null}
                <OutBadge player={player} />
                <FollowButton player={player} compact />
                {player.crown ? (
                  <span className="clash-player-crown">
                    <CrownIcon size={16} />
                    <span className="visually-hidden">{t('clashes.ranking.crown')}</span>
                  </span>
                ) : null}
              </span>
            </span>
            <span className="clash-player-score">
              <span className="visually-hidden">{t('clashes.live.score')} </span>
              {player.score ?? 0}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
