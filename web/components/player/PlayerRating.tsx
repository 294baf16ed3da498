import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayerResource } from '../../../contract/players';
import type { PresetRatings } from '../../../contract/ratings';
import { PRESET_NAMES, type PresetName } from '../../../game/rules';
import { useHeadToHead, useRatingHistory } from '../../api/ratings';
import { PresetSelect } from '../rankings/PresetSelect';
import '../rankings/rankings.css';
import { When } from '../table/cells';
import './rating.css';
import { failureText } from '../../api/outage';

// The same on-demand chunk as the score chart of the page: nothing of it is in the first load of `/`.
const ScoreChart = lazy(() => import('../chart/ScoreChart'));

/** The preset a player's page opens their rating in: the one of most rated clashes, CLASSIC on a tie. */
const mostPlayed = (ratings: PresetRatings | null): PresetName =>
  PRESET_NAMES.reduce<PresetName>(
    (best, preset) => ((ratings?.[preset].clashes ?? 0) > (ratings?.[best].clashes ?? 0) ? preset : best),
    'CLASSIC',
  );

/**
 * A player's clash rating on their page, in one preset (a rating per preset; the player picks which): the
 * value, how sure it is, and its history after each rated clash of that preset.
 */
export function PlayerRating({ player }: { player: PlayerResource }) {
  const { t, i18n } = useTranslation();
  const [chosen, choose] = useState<PresetName | null>(null);
  const preset = chosen ?? mostPlayed(player.ratings);
  const rating = player.ratings?.[preset] ?? null;
  const history = useRatingHistory(player.id, preset, !!rating && rating.clashes > 0);
  if (!rating) return null;
  const number = new Intl.NumberFormat(i18n.language, { useGrouping: false });
  const changes = history.data?.changes ?? [];
  return (
    <section className="card player-section player-rating" aria-labelledby="player-rating">
      <h2 id="player-rating">{t('player.rating.title')}</h2>
      <PresetSelect id="player-rating-preset" value={preset} onChange={choose} />
      <p className="player-rating-line">
        <span className="player-rating-value" data-testid="player-rating-value">
          {number.format(rating.value)}
        </span>
        {rating.provisional ? (
          <span className="player-badge" title={t('rating.provisionalHint')}>
            {t('rating.provisional')}
          </span>
        ) : null}
        <span className="muted">{t('player.rating.clashes', { count: rating.clashes })}</span>
      </p>
      {rating.clashes === 0 ? (
        <p className="muted">{t('player.rating.none')}</p>
      ) : history.isError ? (
        <p role="alert">{failureText(history.error, t('lists.loadFailed'))}</p>
      ) : !history.data ? (
        <p className="muted score-chart-placeholder" role="status">
          {t('lists.loading')}
        </p>
      ) : (
        <>
          <Suspense
            fallback={
              <p className="muted score-chart-placeholder" role="status">
                {t('lists.loading')}
              </p>
            }
          >
            <ScoreChart
              kind="rating"
              points={changes.map((c) => ({ time: Date.parse(c.createdAt), value: c.after }))}
            />
          </Suspense>
          {history.data.total > changes.length ? (
            <p className="muted player-note">
              {t('player.rating.latest', { count: changes.length, total: history.data.total })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The signed-in viewer's record against the player of the page, and the last clashes they both played. */
export function HeadToHeadSection({ player }: { player: PlayerResource }) {
  const { t, i18n } = useTranslation();
  const link = player._links.headToHead?.href;
  const query = useHeadToHead(player.id, link);
  if (!link) return null;
  const record = query.data;
  const number = new Intl.NumberFormat(i18n.language);
  const figures: [string, number | undefined][] = [
    [t('player.headToHead.wins'), record?.wins],
    [t('player.headToHead.losses'), record?.losses],
    [t('player.headToHead.ties'), record?.ties],
  ];
  return (
    <section className="card player-section head-to-head" aria-labelledby="player-head-to-head">
      <h2 id="player-head-to-head">{t('player.headToHead.title', { name: player.name })}</h2>
      {query.isError ? (
        <p role="alert">{failureText(query.error, t('lists.loadFailed'))}</p>
      ) : (
        <dl className="figures head-to-head-figures" aria-busy={!record}>
          {figures.map(([label, value]) => (
            <div key={label} className="figure">
              <dt>{label}</dt>
              <dd>{value === undefined ? '–' : number.format(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {record && record.last.length === 0 ? (
        <p className="muted">{t('player.headToHead.none', { name: player.name })}</p>
      ) : null}
      {record && record.last.length > 0 ? (
        <>
          <h3 className="head-to-head-last-title">{t('player.headToHead.last')}</h3>
          <ul className="head-to-head-last">
            {record.last.map((clash) => (
              <li key={clash.clash.id}>
                <span className={`head-to-head-result head-to-head-result--${clash.result.toLowerCase()}`}>
                  {t(`player.headToHead.results.${clash.result}`)}
                </span>
                <Link to={`/clashes/${clash.clash.id}`} className="head-to-head-clash">
                  {clash.clash.name}
                </Link>
                <span className="muted head-to-head-when">
                  <When iso={clash.completedAt} locale={i18n.language} short />
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
