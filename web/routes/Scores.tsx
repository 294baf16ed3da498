import { useTranslation } from 'react-i18next';
import { ALL_PRESETS, SCORE_SORTS, type ScoreSummary } from '../../contract/scores';
import { usePagedList } from '../api/pages';
import { scoreKeys } from '../api/scores';
import { COMPACT_TABLE } from '../components/table/cells';
import { DataTable } from '../components/table/DataTable';
import { scoreColumns, type ScoreSort } from '../components/table/scoreColumns';
import { useTitle } from '../components/useTitle';
import { useMediaQuery } from '../layout';

/** `/scores`: every score, newest first, a page at a time. */
export default function Scores() {
  const { t, i18n } = useTranslation();
  useTitle(t('scores.title'));
  const compact = useMediaQuery(COMPACT_TABLE);
  const list = usePagedList<ScoreSummary, ScoreSort>({
    key: scoreKeys.list(),
    path: '/scores/',
    name: 'scores',
    inAddress: true,
    sorts: SCORE_SORTS,
    sort: 'createdAt',
    // Every score, custom rule sets' too, each marked with its rules: this is no ranking.
    filters: { preset: ALL_PRESETS },
  });
  return (
    <section className="page scores-page" aria-labelledby="scores-title">
      <h1 id="scores-title">{t('scores.title')}</h1>
      <p className="muted">{t('scores.intro')}</p>
      <DataTable
        id="scores"
        list={list}
        columns={scoreColumns(t, i18n.language, compact, true, true)}
        caption={t('scores.title')}
        rowKey={(score) => score.id}
        empty={t('scores.empty')}
      />
    </section>
  );
}
