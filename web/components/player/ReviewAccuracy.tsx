import { useTranslation } from 'react-i18next';
import type { PlayerResource } from '../../../contract/players';
import { formatPercent } from '../../format';

/** How many of the latest reviews the average takes (the server's figure is over the same). */
const LATEST = 20;

/**
 * The player's average review accuracy (issue 30): the share of their decisions the advisor found within
 * "good", over their latest reviewed games. A statistic of their own play, not a ranking; nothing without a review.
 */
export function ReviewAccuracy({ player }: { player: PlayerResource }) {
  const { t, i18n } = useTranslation();
  const { games, averageAccuracy } = player.reviews;
  if (games === 0 || averageAccuracy === null) return null;
  return (
    <section className="card player-section" aria-labelledby="player-reviews">
      <h2 id="player-reviews">{t('replay.player.title')}</h2>
      <dl className="figures review-figures">
        <div className="figure">
          <dt>{t('replay.player.accuracy')}</dt>
          <dd data-testid="review-average">{formatPercent(averageAccuracy * 100, i18n.language)}</dd>
        </div>
      </dl>
      <p className="muted player-note">{t('replay.player.note', { count: Math.min(games, LATEST) })}</p>
    </section>
  );
}
