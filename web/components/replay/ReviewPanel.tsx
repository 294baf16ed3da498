import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReplayFrame } from '../../../game/replay';
import type { GradedDecision } from '../../../game/review';
import { formatPercent } from '../../format';
import { adviceText } from '../game/advice';
import { momentParams, moveText } from './moveText';
import type { ReviewResult } from '../game/advisor.worker';
import type { Review } from './useReview';

/** Points as the language writes them, to one decimal: "14.2", "14,2". */
export function usePoints(): (points: number) => string {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (points) => number.format(points);
}

/** The grade of the decision that made this moment: its word, the points given up and the advisor's choice. */
export function DecisionNote({ graded, frames }: { graded: GradedDecision; frames: readonly ReplayFrame[] }) {
  const { t } = useTranslation();
  const points = usePoints();
  const gameId = frames[graded.frame].gameId;
  const before = frames[graded.frame - 1].states[gameId];
  return (
    <div className={`replay-grade replay-grade--${graded.grade}`} data-testid="replay-grade">
      <p className="replay-grade-head">
        <strong className="replay-grade-word">{t(`replay.grades.${graded.grade}`)}</strong>
        <span>{t('replay.review.lost', { points: points(graded.lost) })}</span>
      </p>
      {graded.grade === 'best' ? null : (
        <p className="replay-grade-best">
          {t('replay.review.best', { advice: adviceText(t, graded.best, before) })}
        </p>
      )}
    </div>
  );
}

export interface ReviewPanelProps {
  review: Review;
  frames: readonly ReplayFrame[];
  names: Record<string, string>;
}

/** "Review": runs the review (progress shown), then its summary and the three costliest decisions as links to their moments. */
export function ReviewPanel({ review, frames, names }: ReviewPanelProps) {
  const { t } = useTranslation();
  const { state } = review;
  return (
    <section className="replay-review card" aria-labelledby="replay-review-title">
      <h2 id="replay-review-title">{t('replay.review.title')}</h2>
      {state.phase === 'idle' || state.phase === 'failed' ? (
        <>
          <p className="muted">{t('replay.review.lead')}</p>
          {state.phase === 'failed' ? (
            <p role="alert">{t('replay.review.failed', { message: state.message })}</p>
          ) : null}
          <button type="button" className="button button-primary" onClick={review.start}>
            {t('replay.review.start')}
          </button>
        </>
      ) : null}
      {state.phase === 'running' ? (
        <div role="status" className="replay-review-progress">
          <span>
            {state.total > 0
              ? t('replay.review.progress', { done: state.done, total: state.total })
              : t('replay.review.starting')}
          </span>
          <progress max={Math.max(state.total, 1)} value={state.done} aria-label={t('replay.review.title')} />
        </div>
      ) : null}
      {state.phase === 'done' ? <ReviewSummary result={state.result} frames={frames} names={names} /> : null}
    </section>
  );
}

/** The review's figures, and its three costliest decisions as links to their moments. */
function ReviewSummary({
  result,
  frames,
  names,
}: { result: ReviewResult } & Omit<ReviewPanelProps, 'review'>) {
  const { t, i18n } = useTranslation();
  const points = usePoints();
  const { summary, grades } = result;
  return (
    <>
      <dl className="figures replay-figures">
        <div className="figure">
          <dt>{t('replay.review.accuracy')}</dt>
          <dd data-testid="review-accuracy">{formatPercent(summary.accuracy * 100, i18n.language)}</dd>
        </div>
        <div className="figure">
          <dt>{t('replay.review.pointsLost')}</dt>
          <dd data-testid="review-points">{points(summary.pointsLost)}</dd>
        </div>
        <div className="figure">
          <dt>{t('replay.review.decisions')}</dt>
          <dd>{summary.decisions}</dd>
        </div>
      </dl>
      <h3>{t('replay.review.costliest')}</h3>
      {summary.costliest.length === 0 ? (
        <p className="muted">{t('replay.review.noneLost')}</p>
      ) : (
        <ol className="replay-costliest">
          {summary.costliest.map((i) => {
            const graded = grades[i];
            const frame = frames[graded.frame];
            const search = new URLSearchParams(momentParams(frames, graded.frame)).toString();
            return (
              <li key={graded.frame}>
                <Link to={{ search }} replace preventScrollReset>
                  {t('replay.review.costly', {
                    turn: frame.turn,
                    move: moveText(t, frame, names[frame.gameId] ?? ''),
                    grade: t(`replay.grades.${graded.grade}`),
                    points: points(graded.lost),
                  })}
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
