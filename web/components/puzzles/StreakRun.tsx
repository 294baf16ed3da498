import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerResource } from '../../../contract/players';
import { useSaveRun } from './usePuzzleResults';
import { toastError } from '../Toasts';
import { PuzzleBoard } from './PuzzleBoard';
import { RunEndButtons } from './RunEndButtons';
import { type ShownPuzzle, PuzzleSupply } from './puzzleSupply';
import { PuzzleVerdict } from './PuzzleVerdict';
import { usePuzzleAnswer } from './usePuzzleAnswer';

/** Streak: puzzles one after another until the first miss; the count of those solved is the run's result. */
export function StreakRun({ player, onAgain }: { player: PlayerResource | null; onAgain: () => void }) {
  const { t } = useTranslation();
  const supply = useRef<PuzzleSupply | null>(null);
  const [puzzle, setPuzzle] = useState<ShownPuzzle | null>(null);
  const [solved, setSolved] = useState(0);
  const [over, setOver] = useState(false);
  const save = useSaveRun(player);
  const next = () => {
    supply.current ??= new PuzzleSupply();
    setPuzzle(null);
    supply.current.next().then(setPuzzle, toastError);
  };
  // The run's first puzzle, once (a remount in development's strict mode finds it asked for).
  useEffect(() => {
    if (!supply.current) next();
  });
  const { answer, decide } = usePuzzleAnswer(puzzle?.position ?? null, ({ judgement }) => {
    if (judgement.correct) return setSolved((n) => n + 1);
    setOver(true);
    save.mutate({ mode: 'STREAK', score: solved });
  });

  return (
    <>
      <p className="puzzle-run-figures" aria-live="polite">
        {over ? (
          <strong data-testid="puzzle-streak-result">{t('puzzles.streak.result', { n: solved })}</strong>
        ) : (
          <span data-testid="puzzle-streak-count">{t('puzzles.streak.count', { n: solved })}</span>
        )}
      </p>
      {!puzzle ? (
        <p className="card muted" role="status">
          {t('puzzles.making')}
        </p>
      ) : (
        <PuzzleBoard
          key={puzzle.key}
          position={puzzle.position}
          answered={answer?.marks ?? null}
          onDecide={decide}
        >
          {answer ? (
            <PuzzleVerdict
              position={puzzle.position}
              decision={answer.decision}
              judgement={answer.judgement}
            />
          ) : null}
          {answer && !over ? (
            <button type="button" className="button button-primary" autoFocus onClick={next}>
              {t('puzzles.streak.next')}
            </button>
          ) : null}
          {over ? (
            <div className="puzzle-run-end">
              <RunEndButtons onAgain={onAgain} />
            </div>
          ) : null}
        </PuzzleBoard>
      )}
    </>
  );
}
