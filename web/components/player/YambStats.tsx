import { useTranslation } from 'react-i18next';
import { COLUMN_TYPES } from '../../../game/rules';
import { usePlayerYambStats } from '../../api/players';
import { failureText } from '../../api/outage';

/**
 * What Yamb players compare, on a player's page: Yambs rolled, how often the top section earned its bonus,
 * the best column and each column's average, over their latest finished games (reckoned by the server).
 */
export function YambStats({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const query = usePlayerYambStats(id);
  const stats = query.data;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section className="card player-section yamb-stats" aria-labelledby="yamb-stats-title">
      <h2 id="yamb-stats-title">{t('player.yamb.title')}</h2>
      {query.isError ? (
        <p role="alert">{failureText(query.error, t('lists.loadFailed'))}</p>
      ) : !stats ? (
        <p className="muted" role="status">
          {t('lists.loading')}
        </p>
      ) : stats.games === 0 ? (
        <p className="muted">{t('player.yamb.none')}</p>
      ) : (
        <>
          <p className="muted">{t('player.yamb.of', { count: stats.games })}</p>
          <dl className="figures">
            <div className="figure">
              <dt>{t('player.yamb.yambs')}</dt>
              <dd>{number.format(stats.yambs)}</dd>
            </div>
            <div className="figure">
              <dt>{t('player.yamb.bonusRate')}</dt>
              <dd>{percent.format(stats.bonusRate)}</dd>
            </div>
            <div className="figure">
              <dt>{t('player.yamb.bestColumn')}</dt>
              <dd>{stats.bestColumn ? t(`game.columns.${stats.bestColumn}`) : '–'}</dd>
            </div>
          </dl>
          <table className="table yamb-stats-columns">
            <caption>{t('player.yamb.columnAverage')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('player.yamb.column')}</th>
                <th scope="col" className="data-numeric">
                  {t('player.yamb.average')}
                </th>
              </tr>
            </thead>
            <tbody>
              {COLUMN_TYPES.flatMap((column) => {
                const average = stats.columnAverages[column];
                if (average === undefined) return [];
                return (
                  <tr key={column} className={column === stats.bestColumn ? 'yamb-stats-best' : undefined}>
                    <th scope="row">{t(`game.columns.${column}`)}</th>
                    <td className="data-numeric">{number.format(average)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
