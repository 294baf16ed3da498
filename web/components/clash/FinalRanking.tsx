import { useTranslation } from 'react-i18next';
import type { ClashResource } from '../../../contract/clashes';
import { BotBadge } from '../player/BotBadge';
import { ClashAvatar } from './ClashAvatar';
import { CrownIcon } from '../icons';
import { ranking } from './model';
import { useOnline } from './useOnline';

/** The end of a clash: places by total (ties share one), the crown on every winner. */
export function FinalRanking({ clash, viewerId }: { clash: ClashResource; viewerId: number | null }) {
  const { t } = useTranslation();
  const online = useOnline();
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
              {player.forfeited ? (
                <span className="clash-player-out" title={t('clashes.live.forfeitedTitle')}>
                  {t('clashes.live.forfeited')}
                </span>
              ) : null}
              {player.id === viewerId ? <span className="clash-you"> {t('clashes.you')}</span> : null}
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
    </section>
  );
}
