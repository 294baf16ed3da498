import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ScoreSummary } from '../../contract/scores';
import { ApiError } from '../api/client';
import { usePagedList } from '../api/pages';
import { playerKeys, usePlayer, useScoreHistory } from '../api/players';
import { useSession } from '../api/session';
import { BanControls } from '../components/admin/BanControls';
import { PlayerAdminSections } from '../components/admin/PlayerAdminSections';
import { Avatar } from '../components/Avatar';
import { DailyStreak } from '../components/daily/DailyStreak';
import { PlayerFigures } from '../components/player/PlayerFigures';
import { PresetFigures } from '../components/player/PresetFigures';
import { ReviewAccuracy } from '../components/player/ReviewAccuracy';
import { YambStats } from '../components/player/YambStats';
import { BotBadge } from '../components/player/BotBadge';
import { PlayerRelation } from '../components/friends/PlayerRelation';
import { HeadToHeadSection, PlayerRating } from '../components/player/PlayerRating';
import '../components/player/player.css';
import { COMPACT_TABLE } from '../components/table/cells';
import { DataTable } from '../components/table/DataTable';
import { scoreColumns, type ScoreSort } from '../components/table/scoreColumns';
import { useTitle } from '../components/useTitle';
import { useLayout, useMediaQuery } from '../layout';
import { failureText } from '../api/outage';

// The chart is code of its own, fetched when a player page with scores shows it: nothing of it is in the
// first load of `/`.
const ScoreChart = lazy(() => import('../components/chart/ScoreChart'));

/** `/players/:id`: who the player is, their figures, their score history and their scores. */
export default function Player() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { player: me } = useSession();
  const { mobile } = useLayout();
  const query = usePlayer(valid ? id : 0);
  const player = query.data;
  useTitle(player?.name ?? t('players.title'));

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <section className="page player-page">
        <h1>{t('players.title')}</h1>
        <p className="card">{t('player.notFound')}</p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="page player-page">
        <h1>{t('players.title')}</h1>
        <div className="card data-table-failed" role="alert">
          <p>{failureText(query.error, t('lists.loadFailed'))}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('lists.retry')}
          </button>
        </div>
      </section>
    );
  }
  if (!player) {
    return (
      <section className="page player-page">
        <p className="card muted" role="status">
          {t('lists.loading')}
        </p>
      </section>
    );
  }

  const joined = new Date(player.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'long' });
  return (
    <section className="page player-page" aria-labelledby="player-title">
      <header className="player-head">
        <Avatar player={player} size={mobile ? 56 : 72} />
        <div className="player-head-text">
          <h1 id="player-title">
            {player.name}
            {player.bot ? <BotBadge /> : null}
          </h1>
          <p className="muted">
            {t('player.joined', { date: joined })}
            {player.guest ? <span className="player-badge">{t('player.guest')}</span> : null}
            {me?.id === player.id ? <span className="player-badge">{t('player.you')}</span> : null}
            {player.status === 'BANNED' ? (
              <span className="player-badge player-badge-banned">{t('player.banned')}</span>
            ) : null}
          </p>
          <DailyStreak id={player.id} />
          <PlayerRelation player={player} />
        </div>
      </header>
      {me?.admin ? <BanControls player={player} /> : null}
      <PlayerFigures id={player.id} />
      <PresetFigures player={player} />
      <YambStats id={player.id} />
      <ReviewAccuracy player={player} />
      <PlayerRating player={player} />
      <HeadToHeadSection player={player} />
      <PlayerHistory id={player.id} />
      <PlayerScores id={player.id} />
      {me?.admin ? <PlayerAdminSections player={player} /> : null}
    </section>
  );
}

function PlayerHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const history = useScoreHistory(id);
  const scores = history.data?.scores ?? [];
  return (
    <section className="card player-section" aria-labelledby="player-history">
      <h2 id="player-history">{t('player.history')}</h2>
      {history.isError ? (
        <p role="alert">{failureText(history.error, t('lists.loadFailed'))}</p>
      ) : !history.data ? (
        <p className="muted score-chart-placeholder" role="status">
          {t('lists.loading')}
        </p>
      ) : scores.length === 0 ? (
        <p className="muted">{t('player.chart.empty')}</p>
      ) : (
        <>
          <Suspense
            fallback={
              <p className="muted score-chart-placeholder" role="status">
                {t('lists.loading')}
              </p>
            }
          >
            <ScoreChart points={scores.map((s) => ({ time: Date.parse(s.createdAt), value: s.value }))} />
          </Suspense>
          {history.data.total > scores.length ? (
            <p className="muted player-note">
              {t('player.chart.latest', { count: scores.length, total: history.data.total })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function PlayerScores({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const compact = useMediaQuery(COMPACT_TABLE);
  const list = usePagedList<ScoreSummary, ScoreSort>({
    key: playerKeys.scores(id),
    path: `/players/${id}/scores`,
    name: 'scores',
    sort: 'createdAt',
  });
  return (
    <section className="player-section player-scores" aria-labelledby="player-scores">
      <h2 id="player-scores">{t('player.scores')}</h2>
      <DataTable
        id="player-scores"
        list={list}
        columns={scoreColumns(t, i18n.language, compact, false, true)}
        caption={t('player.scores')}
        rowKey={(score) => score.id}
        empty={t('player.noScores')}
      />
    </section>
  );
}
