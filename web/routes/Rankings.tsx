import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SCORE_SORTS, type ScoreSummary } from '../../contract/scores';
import type { PresetName } from '../../game/rules';
import { usePagedList } from '../api/pages';
import { type Period, PERIODS, scoreKeys, useBestScore } from '../api/scores';
import { useSession } from '../api/session';
import { DailyRankingTab } from '../components/daily/DailyRankingTab';
import { presetFrom, PresetSelect } from '../components/rankings/PresetSelect';
import { RankingStats } from '../components/rankings/RankingStats';
import { RatingTable } from '../components/rankings/RatingTable';
import '../components/rankings/rankings.css';
import { ScoreRanking } from '../components/rankings/ScoreRanking';
import type { ScoreSort } from '../components/table/scoreColumns';
import { onTabListKeys } from '../components/tabListKeys';
import { useTitle } from '../components/useTitle';

function periodOf(value: string | null): Period {
  return (PERIODS as readonly string[]).includes(value ?? '') ? (value as Period) : 'all';
}

/** The tabs: the score periods, the daily game (`?period=daily`), then the clash ratings (`?period=rating`). */
const TABS = [...PERIODS, 'daily', 'rating'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/rankings`: the best scores of all time, this week or today (`?period=`), the player's own best of the
 * period highlighted, and the statistics beside the table; or the clash ratings (`?period=rating`). Each
 * of one preset (`?preset=`, CLASSIC when not given); the daily game is always CLASSIC.
 */
export default function Rankings() {
  const { t } = useTranslation();
  useTitle(t('screens.rankings'));
  const { player: me } = useSession();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('period'));
  const asked = params.get('period');
  const tab: Tab = asked === 'rating' || asked === 'daily' ? asked : period;
  /** The daily and rating tabs have tables of their own, without the score statistics. */
  const scoresTab = tab !== 'rating' && tab !== 'daily';
  const preset = presetFrom(params.get('preset'));
  const best = useBestScore(me?.id, period, preset).data;
  const list = usePagedList<ScoreSummary, ScoreSort>({
    key: scoreKeys.list(),
    path: '/scores/',
    name: 'scores',
    inAddress: true,
    sorts: SCORE_SORTS,
    sort: 'value',
    filters: { period, preset },
    enabled: scoresTab,
  });

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
  // Another preset starts from its first page, in the same tab and sort.
  const choosePreset = (next: PresetName) =>
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete('page');
        if (next === 'CLASSIC') params.delete('preset');
        else params.set('preset', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <section className="page rankings-page" aria-labelledby="rankings-title">
      <h1 id="rankings-title">{t('screens.rankings')}</h1>
      <RankingTabs tab={tab} choose={choose} />
      <div className={scoresTab ? 'rankings-layout' : 'rankings-layout rankings-layout--single'}>
        <div
          id="rankings-panel"
          role="tabpanel"
          aria-labelledby={`rankings-tab-${tab}`}
          className="rankings-main"
        >
          {tab === 'daily' ? (
            <p className="rankings-daily-rules muted">{t('rankings.dailyRules')}</p>
          ) : (
            <PresetSelect id="rankings-preset" value={preset} onChange={choosePreset} />
          )}
          {tab === 'rating' ? <RatingTable preset={preset} /> : null}
          {tab === 'daily' ? <DailyRankingTab /> : null}
          {scoresTab ? <ScoreRanking list={list} period={period} best={best} signedIn={!!me} /> : null}
        </div>
        {scoresTab ? <RankingStats period={period} preset={preset} /> : null}
      </div>
    </section>
  );
}

/** The tabs of the periods, the daily game and the ratings; the arrow keys move between them. */
function RankingTabs({ tab, choose }: { tab: Tab; choose: (next: Tab) => void }) {
  const { t } = useTranslation();
  return (
    <div className="tabs" role="tablist" aria-label={t('rankings.period')} onKeyDown={onTabListKeys}>
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
          {/* Short words on a phone, so the five tabs keep one line (rankings.css). */}
          <span className="tab-long">{t(`rankings.periods.${option}`)}</span>
          <span className="tab-short">{t(`rankings.periodsShort.${option}`)}</span>
        </button>
      ))}
    </div>
  );
}
