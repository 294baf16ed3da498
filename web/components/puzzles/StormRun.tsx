import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerResource } from '../../../contract/players';
import { STORM_MISS_SECONDS, STORM_SECONDS } from '../../../contract/puzzles';
import { useSaveRun } from './usePuzzleResults';
import { toastError } from '../Toasts';
import { PuzzleBoard } from './PuzzleBoard';
import { RunEndButtons } from './RunEndButtons';
import { type ShownPuzzle, PuzzleSupply } from './puzzleSupply';
import { usePuzzleAnswer } from './usePuzzleAnswer';
import { adviceText } from '../game/advice';
import { stateOf } from '../../../game/replay';

/** "2:05": minutes and seconds left. */
const clock = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The time left until `deadline`, ticking four times a second while it runs. */
function useTimeLeft(deadline: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  // `now` is from the last tick: a deadline set since then would read a little over the full time.
  return deadline === null
    ? STORM_SECONDS * 1000
    : Math.min(STORM_SECONDS * 1000, Math.max(0, deadline - now));
}

/** Storm: as many puzzles as possible in three minutes, one straight after another; a miss costs time. */
export function StormRun({ player, onAgain }: { player: PlayerResource | null; onAgain: () => void }) {
  const { t } = useTranslation();
  const supply = useRef<PuzzleSupply | null>(null);
  const [puzzle, setPuzzle] = useState<ShownPuzzle | null>(null);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [solved, setSolved] = useState(0);
  const [last, setLast] = useState<string | null>(null);
  const save = useSaveRun(player);
  const left = useTimeLeft(deadline);
  const over = deadline !== null && left === 0;
  useEffect(() => {
    if (over) save.mutate({ mode: 'STORM', score: solved });
    // Once, when the clock runs out: the score is final then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [over]);
  useEffect(() => {
    if (supply.current) return;
    supply.current = new PuzzleSupply();
    // The clock starts with the first puzzle on the board, not while it is being made.
    supply.current.next().then((first) => {
      setPuzzle(first);
      setDeadline(Date.now() + STORM_SECONDS * 1000);
    }, toastError);
  });
  const position = over ? null : (puzzle?.position ?? null);
  const { decide } = usePuzzleAnswer(position, ({ judgement }) => {
    if (judgement.correct) setSolved((n) => n + 1);
    else setDeadline((d) => (d === null ? d : d - STORM_MISS_SECONDS * 1000));
    setLast(
      judgement.correct
        ? t('puzzles.storm.right')
        : t('puzzles.storm.missed', {
            advice: position ? adviceText(t, judgement.best, stateOf(position)) : '',
          }),
    );
    supply.current?.next().then(setPuzzle, toastError);
  });

  return (
    <>
      <p className="puzzle-run-figures">
        <span role="timer" className="puzzle-clock" data-testid="puzzle-storm-clock">
          {clock(left)}
        </span>
        <span data-testid="puzzle-storm-count">{t('puzzles.storm.count', { n: solved })}</span>
      </p>
      <p className="puzzle-storm-last" aria-live="polite">
        {last}
      </p>
      {over ? (
        <div className="card puzzle-run-end" data-testid="puzzle-storm-result">
          <p className="puzzle-verdict-head">{t('puzzles.storm.result', { n: solved })}</p>
          <RunEndButtons onAgain={onAgain} />
        </div>
      ) : !puzzle ? (
        <p className="card muted" role="status">
          {t('puzzles.making')}
        </p>
      ) : (
        <PuzzleBoard key={puzzle.key} position={puzzle.position} answered={null} onDecide={decide} />
      )}
    </>
  );
}
