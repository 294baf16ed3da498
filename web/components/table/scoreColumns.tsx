import { Link } from 'react-router';
import type { SCORE_SORTS, ScoreSummary } from '../../../contract/scores';
import { PlayerLink, RulesName, When } from './cells';
import type { Column } from './DataTable';

export type ScoreSort = (typeof SCORE_SORTS)[number];

/**
 * The columns of a score table: the player, the score, the date; a player's own table leaves out the
 * player and links each score's game instead. A table of more than one preset's scores (`withRules`) says
 * each one's rule set: a preset's name or "Custom" (never ranked).
 */
export function scoreColumns(
  t: (key: string, options?: Record<string, unknown>) => string,
  locale: string,
  mobile: boolean,
  withPlayer = true,
  withRules = false,
): Column<ScoreSummary, ScoreSort>[] {
  const number = new Intl.NumberFormat(locale);
  const rules = (score: ScoreSummary) => <RulesName preset={score.preset} />;
  // Beside the player, the rules are a column of their own only where there is room (left out on a phone,
  // data-optional); there they go under the score instead.
  const rulesApart = withRules && withPlayer;
  const columns: Column<ScoreSummary, ScoreSort>[] = [
    {
      id: 'value',
      label: t('scores.value'),
      sort: 'value',
      numeric: true,
      render: (score) => (
        <>
          <Link to={`/scores/${score.id}`} className="data-link">
            {number.format(score.value)}
          </Link>
          {rulesApart ? <span className="data-rules-under">{rules(score)}</span> : null}
        </>
      ),
    },
    ...(withRules ? [{ id: 'rules', label: t('scores.rules'), optional: rulesApart, render: rules }] : []),
    {
      id: 'createdAt',
      label: t('scores.date'),
      sort: 'createdAt',
      render: (score) => <When iso={score.createdAt} locale={locale} short={mobile} />,
    },
  ];
  if (!withPlayer) {
    columns.push({
      id: 'game',
      label: t('score.game'),
      optional: true,
      render: (score) => (
        <Link to={`/games/${score.gameId}`}>{t('score.openGame', { id: score.gameId })}</Link>
      ),
    });
  }
  if (withPlayer) {
    columns.unshift({
      id: 'player',
      label: t('scores.player'),
      rowHeader: true,
      render: (score) => <PlayerLink player={score.player} />,
    });
  }
  return columns;
}
