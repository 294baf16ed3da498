import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useScore } from '../api/scores';
import { useTitle } from '../components/useTitle';
import '../components/player/player.css';
import '../components/table/table.css';
import { failureText } from '../api/outage';

/** `/scores/:id`: one score, who made it, when, and the game it closed. */
export default function Score() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const query = useScore(Number.isInteger(id) ? id : 0);
  const score = query.data;
  useTitle(score ? t('score.title', { value: score.value }) : t('scores.title'));
  const number = new Intl.NumberFormat(i18n.language);

  let body;
  if (!Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404)) {
    body = <p className="card">{t('score.notFound')}</p>;
  } else if (query.isError) {
    body = (
      <div className="card data-table-failed" role="alert">
        <p>{failureText(query.error, t('lists.loadFailed'))}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t('lists.retry')}
        </button>
      </div>
    );
  } else if (!score) {
    body = (
      <p className="card muted" role="status">
        {t('lists.loading')}
      </p>
    );
  } else {
    body = (
      <div className="card detail-card">
        <p className="score-value">
          <span className="score-number">{number.format(score.value)}</span>
          <span className="muted">{t('score.points')}</span>
        </p>
        <dl className="detail-list">
          <div>
            <dt>{t('scores.player')}</dt>
            <dd>
              <Link to={`/players/${score.player.id}`}>{score.player.name}</Link>
            </dd>
          </div>
          <div>
            <dt>{t('scores.date')}</dt>
            <dd>
              <time dateTime={score.createdAt}>
                {new Date(score.createdAt).toLocaleString(i18n.language, {
                  dateStyle: 'long',
                  timeStyle: 'short',
                })}
              </time>
            </dd>
          </div>
          <div>
            <dt>{t('score.game')}</dt>
            <dd>
              <Link to={`/games/${score.gameId}`}>{t('score.openGame', { id: score.gameId })}</Link>
              {score.game ? (
                <span className="muted detail-aside">
                  {t(`score.type.${score.game.type}`)} · {t(`game.status.${score.game.status}`)}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
      </div>
    );
  }

  return (
    <section className="page score-page" aria-labelledby="score-title">
      <h1 id="score-title">
        {score ? t('score.title', { value: number.format(score.value) }) : t('scores.title')}
      </h1>
      {body}
      <p>
        <Link to="/scores">{t('score.all')}</Link> · <Link to="/rankings">{t('screens.rankings')}</Link>
      </p>
    </section>
  );
}
