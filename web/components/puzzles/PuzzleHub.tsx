import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dayOf } from '../../../contract/days';
import type { PlayerResource } from '../../../contract/players';
import { STORM_MISS_SECONDS, STORM_SECONDS } from '../../../contract/puzzles';
import { useMyPuzzles } from './usePuzzleResults';
import { formatDay } from '../daily/day';

/** The puzzles' hub: today's puzzle, streak and storm, and the player's own results (no ranking). */
export function PuzzleHub({ player }: { player: PlayerResource | null }) {
  const { t, i18n } = useTranslation();
  const mine = useMyPuzzles(player);
  const today = dayOf(Date.now());
  const answered = mine.data?.days.find((d) => d.day === today);
  const results = mine.data;
  return (
    <>
      <div className="puzzle-modes">
        <section className="card puzzle-mode" aria-labelledby="puzzle-daily">
          <h2 id="puzzle-daily">{t('puzzles.daily.title')}</h2>
          <p>{t('puzzles.daily.text')}</p>
          <p data-testid="puzzle-daily-status">
            {answered
              ? t(answered.solved ? 'puzzles.daily.solved' : 'puzzles.daily.missed')
              : t('puzzles.daily.waiting')}
          </p>
          <Link to="/puzzles?mode=daily" className="button button-primary">
            {t(answered ? 'puzzles.daily.see' : 'puzzles.daily.play')}
          </Link>
        </section>
        <section className="card puzzle-mode" aria-labelledby="puzzle-streak">
          <h2 id="puzzle-streak">{t('puzzles.streak.title')}</h2>
          <p>{t('puzzles.streak.text')}</p>
          <Link to="/puzzles?mode=streak" className="button button-primary">
            {t('puzzles.streak.start')}
          </Link>
        </section>
        <section className="card puzzle-mode" aria-labelledby="puzzle-storm">
          <h2 id="puzzle-storm">{t('puzzles.storm.title')}</h2>
          <p>{t('puzzles.storm.text', { minutes: STORM_SECONDS / 60, seconds: STORM_MISS_SECONDS })}</p>
          <Link to="/puzzles?mode=storm" className="button button-primary">
            {t('puzzles.storm.start')}
          </Link>
        </section>
      </div>
      <section className="card puzzle-results" aria-labelledby="puzzle-results">
        <h2 id="puzzle-results">{t('puzzles.results.title')}</h2>
        {results ? (
          <>
            <dl className="puzzle-figures" data-testid="puzzle-figures">
              <dt>{t('puzzles.results.dailyStreak')}</dt>
              <dd>{results.dailyStreak}</dd>
              <dt>{t('puzzles.results.bestDailyStreak')}</dt>
              <dd>{results.bestDailyStreak}</dd>
              <dt>{t('puzzles.results.bestStreak')}</dt>
              <dd>{results.bestStreak}</dd>
              <dt>{t('puzzles.results.bestStorm')}</dt>
              <dd>{results.bestStorm}</dd>
            </dl>
            {results.days.length > 0 ? (
              <ul className="puzzle-days">
                {results.days.map((d) => (
                  <li key={d.day}>
                    {formatDay(d.day, i18n.language)}:{' '}
                    {t(d.solved ? 'puzzles.results.solved' : 'puzzles.results.missed')}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <p className="muted">{mine.isError ? t('puzzles.failed') : t('lists.loading')}</p>
        )}
        <p className="muted">
          {player && !player.guest ? t('puzzles.results.yours') : t('puzzles.results.guest')}
        </p>
        <p className="muted">{t('puzzles.noRanking')}</p>
      </section>
    </>
  );
}
