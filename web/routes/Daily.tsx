import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  DAILY_RANKED_ACCOUNT_DAYS,
  DAILY_RANKED_MIN_GAMES,
  type DailyEligibility,
  type DailyResource,
} from '../../contract/daily';
import { ApiError } from '../api/client';
import { useDaily, useStartDaily } from '../api/daily';
import { useGame } from '../api/games';
import { useSession } from '../api/session';
import { DailyRanking } from '../components/daily/DailyRanking';
import { DailyResult } from '../components/daily/DailyResult';
import { dayBefore, formatDay } from '../components/daily/day';
import '../components/daily/daily.css';
import '../components/rankings/rankings.css';
import { toastError } from '../components/Toasts';
import { useTitle } from '../components/useTitle';
import { failureText } from '../api/outage';

/** The id at the end of a game link (`/api/games/12`). */
const gameIdOf = (href: string | undefined): number | undefined => {
  const id = Number(href?.split('/').pop());
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * `/daily`: today's Daily Yamb (one game a day, the same dice for everyone): start it, continue it, or its
 * result to share; the player's streak, and what keeps their score out of the ranking; today's ranking so
 * far and yesterday's final one. A guest is invited to sign up.
 */
export default function Daily() {
  const { t, i18n } = useTranslation();
  useTitle(t('daily.title'));
  const { player } = useSession();
  const registered = player !== null && !player.guest;
  const daily = useDaily(player?.id);
  const today = daily.data?.day;

  return (
    <section className="page daily-page" aria-labelledby="daily-title">
      <header className="daily-head">
        <h1 id="daily-title">{t('daily.title')}</h1>
        {today ? <p className="daily-date">{formatDay(today, i18n.language)}</p> : null}
      </header>
      <p className="daily-intro">{t('daily.intro')}</p>

      {!player || !daily.data ? (
        daily.isError ? (
          <div className="card" role="alert">
            <p>{failureText(daily.error, t('lists.loadFailed'))}</p>
            <button type="button" className="button" onClick={() => void daily.refetch()}>
              {t('lists.retry')}
            </button>
          </div>
        ) : (
          <p className="card muted" role="status">
            {t('lists.loading')}
          </p>
        )
      ) : registered ? (
        <TodayCard daily={daily.data} />
      ) : (
        <GuestInvite />
      )}

      {today ? (
        <>
          <section className="daily-ranking" aria-labelledby="daily-today">
            <h2 id="daily-today">{t('daily.ranking.today')}</h2>
            <p className="daily-ranking-who">
              {t('daily.ranking.who', { days: DAILY_RANKED_ACCOUNT_DAYS, count: DAILY_RANKED_MIN_GAMES })}{' '}
              <Link to="/about#rules">{t('daily.ranking.why')}</Link>
            </p>
            <DailyRanking
              day={today}
              id="daily-today-table"
              caption={t('daily.ranking.today')}
              empty={t('daily.ranking.emptyToday')}
              size={10}
            />
          </section>
          <section className="daily-ranking" aria-labelledby="daily-yesterday">
            <h2 id="daily-yesterday">{t('daily.ranking.yesterday')}</h2>
            <DailyRanking
              day={dayBefore(today)}
              id="daily-yesterday-table"
              caption={t('daily.ranking.yesterday')}
              empty={t('daily.ranking.emptyYesterday')}
              size={10}
              replays
            />
            <p>
              <Link to="/rankings?period=daily">{t('daily.ranking.all')}</Link>
            </p>
          </section>
        </>
      ) : null}
    </section>
  );
}

/** A guest's card: the Daily is for registered players, sign up or sign in. */
function GuestInvite() {
  const { t } = useTranslation();
  return (
    <div className="card daily-card daily-invite">
      <h2>{t('daily.guest.title')}</h2>
      <p>{t('daily.guest.text')}</p>
      <p>{t('daily.unranked.guest')}</p>
      <div className="daily-actions">
        <Link to="/register" className="button button-primary">
          {t('daily.guest.signUp')}
        </Link>
        <Link to="/login" className="button">
          {t('daily.guest.signIn')}
        </Link>
      </div>
    </div>
  );
}

/** A registered player's day: the streak, then start, continue or the result. */
function TodayCard({ daily }: { daily: DailyResource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartDaily();
  const gameId = gameIdOf(daily._links.game?.href);
  const game = useGame(daily.completed ? gameId : undefined);
  const startHref = daily._links.start?.href;

  const begin = () => {
    if (!startHref || start.isPending) return;
    start.mutate(startHref, {
      onSuccess: (started) => navigate(`/games/${started.id}`),
      // A start refused as already played (another tab): the page reads the day again and offers Continue.
      onError: (error) => toastError(error instanceof ApiError ? error : new Error(t('daily.startFailed'))),
    });
  };

  return (
    <div className="daily-today">
      <p className="daily-streak" data-testid="daily-streak">
        {daily.streak > 0 ? t('daily.streak', { count: daily.streak }) : t('daily.noStreak')}
      </p>
      {daily.completed ? (
        game.data ? (
          <DailyResult game={game.data} />
        ) : (
          <p className="card muted" role="status">
            {t('lists.loading')}
          </p>
        )
      ) : gameId ? (
        <div className="card daily-card">
          <h2>{t('daily.started.title')}</h2>
          <p>{t('daily.started.text')}</p>
          <div className="daily-actions">
            <Link to={`/games/${gameId}`} className="button button-primary">
              {t('daily.continue')}
            </Link>
          </div>
        </div>
      ) : daily.played ? (
        <div className="card daily-card" data-testid="daily-played">
          <h2>{t('daily.gone.title')}</h2>
          <p>{t('daily.gone.text')}</p>
        </div>
      ) : startHref ? (
        <div className="card daily-card">
          <h2>{t('daily.ready.title')}</h2>
          <p>{t('daily.ready.text')}</p>
          <div className="daily-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={start.isPending}
              onClick={begin}
            >
              {t('daily.play')}
            </button>
          </div>
        </div>
      ) : null}
      {daily.eligibility.ranked ? null : <UnrankedNote eligibility={daily.eligibility} />}
    </div>
  );
}

/**
 * Why the player's score is not in the day's ranking, every missing condition in one sentence (the rule
 * of contract/daily.ts DAILY_RANKED_ACCOUNT_DAYS), with the way to verify the e-mail when that is missing.
 */
function UnrankedNote({ eligibility }: { eligibility: DailyEligibility }) {
  const { t, i18n } = useTranslation();
  const reasons = eligibility.unrankedReasons;
  const conditions = reasons.flatMap((reason) => {
    if (reason === 'account-too-new')
      return [
        t('daily.unranked.age', { days: DAILY_RANKED_ACCOUNT_DAYS, count: eligibility.accountDaysToGo }),
      ];
    if (reason === 'email-unverified') return [t('daily.unranked.email')];
    if (reason === 'too-few-games')
      return [t('daily.unranked.games', { count: DAILY_RANKED_MIN_GAMES, done: eligibility.completedGames })];
    return [];
  });
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(conditions);
  return (
    <p className="daily-unranked" data-testid="daily-unranked">
      {reasons.includes('banned')
        ? t('daily.unranked.banned')
        : reasons.includes('guest')
          ? t('daily.unranked.guest')
          : t('daily.unranked.intro', { conditions: list })}
      {reasons.includes('email-unverified') && !reasons.includes('banned') ? (
        <>
          {' '}
          <Link to="/profile">{t('daily.unranked.verify')}</Link>
        </>
      ) : null}
    </p>
  );
}
