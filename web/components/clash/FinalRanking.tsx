import { useTranslation } from 'react-i18next';
import { CLASH_RATED_MIN_FILLS, type ClashPlayer, type ClashResource } from '../../../contract/clashes';
import { BotBadge } from '../player/BotBadge';
import { FollowButton } from '../friends/FollowButton';
import { ClashAvatar } from './ClashAvatar';
import { CrownIcon } from '../icons';
import { ranking } from './model';
import { useOnline } from './useOnline';

/**
 * The end of a clash: places by total (ties share one), the crown on every winner; an abandoned clash
 * says why nobody won, and a clash between people states when a clash is rated.
 */
export function FinalRanking({ clash, viewerId }: { clash: ClashResource; viewerId: number | null }) {
  const { t } = useTranslation();
  const online = useOnline(clash.players.map((p) => p.id));
  const rows = ranking(clash);
  return (
    <section className="card clash-ranking" aria-labelledby="clash-ranking-title">
      <h2 id="clash-ranking-title">{t('clashes.ranking.title')}</h2>
      <ol className="ranking-list">
        {rows.map(({ player, place, total }) => (
          <li key={player.id} className={player.crown ? 'ranking-row ranking-row--winner' : 'ranking-row'}>
            <span className="ranking-place">
              <span aria-hidden="true">{place}.</span>
              <span className="visually-hidden">{t('clashes.ranking.place', { place })}</span>
            </span>
            <ClashAvatar player={player} online={player.bot || online(player.id)} size={40} />
            <span className="ranking-name">
              {player.name}
              {player.bot ? <BotBadge /> : null}
              <OutBadge player={player} />
              {player.id === viewerId ? <span className="clash-you"> {t('clashes.you')}</span> : null}
              <span className="friend-follow">
                <FollowButton player={player} compact />
              </span>
              {player.crown ? (
                <span className="ranking-crown">
                  <CrownIcon size={22} />
                  <span className="visually-hidden">{t('clashes.ranking.crown')}</span>
                </span>
              ) : null}
            </span>
            <span className="ranking-total">
              <span className="ranking-points">{total}</span>{' '}
              <span className="ranking-unit">{t('clashes.ranking.unit', { count: total })}</span>
            </span>
          </li>
        ))}
      </ol>
      {clash.status === 'ABANDONED' ? (
        <p className="clash-ranking-note">{t('clashes.ranking.abandoned')}</p>
      ) : null}
      {clash.players.some((p) => p.bot) ? null : (
        <p className="clash-ranking-note">
          {t('clashes.ranking.ratedRule', { count: CLASH_RATED_MIN_FILLS })}
        </p>
      )}
    </section>
  );
}

/** A player out of the clash: resigned, or forfeited by the clock. */
export function OutBadge({ player }: { player: ClashPlayer }) {
  const { t } = useTranslation();
  if (!player.forfeited) return null;
  const [label, title] = player.resigned
    ? [t('clashes.live.resigned'), t('clashes.live.resignedTitle')]
    : [t('clashes.live.forfeited'), t('clashes.live.forfeitedTitle')];
  return (
    <span className="clash-player-out" title={title}>
      {label}
    </span>
  );
}
