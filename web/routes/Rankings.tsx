import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SCORE_SORTS, type ScoreSummary } from '../../contract/scores';
import { usePagedList } from '../api/pages';
import { type Period, PERIODS, scoreKeys, useBestScore } from '../api/scores';
import { useSession } from '../api/session';
import { DailyRankingTab } from '../components/daily/DailyRankingTab';
import { RankingStats } from '../components/rankings/RankingStats';
import { RatingTable } from '../components/rankings/RatingTable';
import '../components/rankings/rankings.css';
import { COMPACT_TABLE, PlayerLink } from '../components/table/cells';
import { type Column, DataTable } from '../components/table/DataTable';
import { type ScoreSort, scoreColumns } from '../components/table/scoreColumns';
import { useTitle } from '../components/useTitle';
import { useMediaQuery } from '../layout';

function periodOf(value: string | null): Period {
  return (PERIODS as readonly string[]).includes(value ?? '') ? (value as Period) : 'all';
}

/** The tabs: the score periods, the daily game (`?period=daily`), then the clash ratings (`?period=rating`). */
const TABS = [...PERIODS, 'daily', 'rating'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/rankings`: the best scores of all time, this week or today (`?period=`), the player's own best of the
 * period highlighted, and the statistics beside the table; or the clash ratings (`?period=rating`).
 */
export default function Rankings() {
  const { t, i18n } = useTranslation();
  useTitle(t('screens.rankings'));
  const compact = useMediaQuery(COMPACT_TABLE);
  const { player: me } = useSession();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('period'));
  const asked = params.get('period');
  const tab: Tab = asked === 'rating' || asked === 'daily' ? asked : period;
  /** The daily and rating tabs have tables of their own, without the score statistics. */
  const scoresTab = tab !== 'rating' && tab !== 'daily';
  const best = useBestScore(me?.id, period).data ?? null;
  const list = usePagedList<ScoreSummary, ScoreSort>({
    key: scoreKeys.list(),
    path: '/scores/',
    name: 'scores',
    inAddress: true,
    sorts: SCORE_SORTS,
    sort: 'value',
    filters: { period },
    enabled: scoresTab,
  });
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale);
  const offset = (list.info?.number ?? 0) * (list.info?.size ?? 0);
  const position = new Map(list.rows.map((score, i) => [score.id, offset + i + 1]));

  // Another period starts from its first page, in the same sort and size; the rating tab has its own sort.
  const choose = (next: Tab) =>
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete('page');
        if (next === 'rating' || tab === 'rating') params.delete('sort');
        if (next === 'all') params.delete('period');
        else params.set('period', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    choose(next);
    document.getElementById(`rankings-tab-${next}`)?.focus();
  };

  // The score table's columns, with each row's place first and the viewer's best marked beside its player.
  const columns: Column<ScoreSummary, ScoreSort>[] = [
    {
      id: 'position',
      label: '#',
      numeric: true,
      render: (score) => number.format(position.get(score.id) ?? 0),
    },
    ...scoreColumns(t, locale, compact).map((column) =>
      column.id === 'player'
        ? {
            ...column,
            render: (score: ScoreSummary) => (
              <>
                <PlayerLink player={score.player} />
                {score.id === best?.id ? <span className="ranking-you">{t('rankings.yourBest')}</span> : null}
              </>
            ),
          }
        : column,
    ),
  ];

  return (
    <section className="page rankings-page" aria-labelledby="rankings-title">
      <h1 id="rankings-title">{t('screens.rankings')}</h1>
      <div className="tabs" role="tablist" aria-label={t('rankings.period')} onKeyDown={onTabKey}>
        {TABS.map((option) => (
          <button
            key={option}
            id={`rankings-tab-${option}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === option}
            aria-controls="rankings-panel"
            tabIndex={tab === option ? 0 : -1}
            onClick={() => choose(option)}
          >
            {t(`rankings.periods.${option}`)}
          </button>
        ))}
      </div>
      <div className={scoresTab ? 'rankings-layout' : 'rankings-layout rankings-layout--single'}>
        <div
          id="rankings-panel"
          role="tabpanel"
          aria-labelledby={`rankings-tab-${tab}`}
          className="rankings-main"
        >
          {tab === 'rating' ? <RatingTable /> : null}
          {tab === 'daily' ? <DailyRankingTab /> : null}
          {scoresTab && me ? (
            <p className="ranking-mine">
              {best ? (
                <>
                  {t('rankings.yourBestIs')}{' '}
                  <Link to={`/scores/${best.id}`} className="ranking-mine-value">
                    {number.format(best.value)}
                  </Link>
                </>
              ) : (
                <>
                  {t(`rankings.noneYet.${period}`)} <Link to="/">{t('rankings.play')}</Link>
                </>
              )}
            </p>
          ) : null}
          {scoresTab ? (
            <DataTable
              id="rankings"
              list={list}
              columns={columns}
              caption={t(`rankings.periods.${period}`)}
              rowKey={(score) => score.id}
              rowClassName={(score) => (score.id === best?.id ? 'data-row-mine' : undefined)}
              empty={t(`rankings.empty.${period}`)}
            />
          ) : null}
        </div>
        {scoresTab ? <RankingStats period={period} /> : null}
      </div>
    </section>
  );
}
