import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dayOf } from '../../../contract/days';
import type { PlayerResource } from '../../../contract/players';
import { dailyPuzzleSeed } from '../../../game/puzzles';
import { useAnswerDaily, useMyPuzzles } from './usePuzzleResults';
import { PuzzleBoard } from './PuzzleBoard';
import { PuzzleVerdict } from './PuzzleVerdict';
import { puzzleOf } from './puzzleWorker';
import { usePuzzleAnswer } from './usePuzzleAnswer';

/**
 * Today's puzzle (UTC), the same for everyone: every browser makes it from the day's seed. Once per day:
 * the first answer counts, and the day's result shows from then on.
 */
export function DailyPuzzle({ player }: { player: PlayerResource | null }) {
  const { t } = useTranslation();
  const day = dayOf(Date.now());
  const mine = useMyPuzzles(player);
  const save = useAnswerDaily(player);
  const puzzle = useQuery({
    queryKey: ['puzzles', 'daily', day],
    queryFn: () => puzzleOf(dailyPuzzleSeed(day)),
    staleTime: Infinity,
  });
  const position = puzzle.data?.position ?? null;
  const { answer, decide } = usePuzzleAnswer(position, ({ judgement }) =>
    save.mutate({ day, solved: judgement.correct }),
  );
  const earlier = mine.data?.days.find((d) => d.day === day);

  if (earlier && !answer) {
    return (
      <div className="card puzzle-done" data-testid="puzzle-daily-result">
        <p className="puzzle-verdict-head">
          {t(earlier.solved ? 'puzzles.daily.solved' : 'puzzles.daily.missed')}
        </p>
        <p>{t('puzzles.daily.next')}</p>
        <Link to="/puzzles" className="button">
          {t('puzzles.back')}
        </Link>
      </div>
    );
  }
  if (!position || !mine.data) {
    return (
      <p className="card muted" role="status">
        {puzzle.isError ? t('puzzles.failed') : t('puzzles.making')}
      </p>
    );
  }
  return (
    <PuzzleBoard key={day} position={position} answered={answer?.marks ?? null} onDecide={decide}>
      {answer ? (
        <>
          <PuzzleVerdict position={position} decision={answer.decision} judgement={answer.judgement} />
          <Link to="/puzzles" className="button">
            {t('puzzles.back')}
          </Link>
        </>
      ) : null}
    </PuzzleBoard>
  );
}
