import { useState } from 'react';
import type { Decision } from '../../../game/advisor';
import type { Judgement } from '../../../game/puzzles';
import type { Position } from '../../../game/replay';
import { toastError } from '../Toasts';
import { adviceMarks, type AdviceMarks } from '../game/advice';
import { stateOf } from '../../../game/replay';
import { judged } from './puzzleWorker';

export interface PuzzleAnswer {
  decision: Decision;
  judgement: Judgement;
  /** The advisor's keep and box, for the board to show. */
  marks: AdviceMarks;
}

/**
 * The player's answer to the puzzle at `position`, judged in the worker: the first decision counts (a
 * second click while the first is judged does nothing). `onJudged` hears the verdict once.
 */
export function usePuzzleAnswer(position: Position | null, onJudged: (answer: PuzzleAnswer) => void) {
  const [answer, setAnswer] = useState<{ position: Position; answer: PuzzleAnswer } | null>(null);
  const [judging, setJudging] = useState(false);
  const decide = (decision: Decision) => {
    if (!position || judging || answer?.position === position) return;
    setJudging(true);
    judged(position, decision)
      .then((judgement) => {
        const given = { decision, judgement, marks: adviceMarks(judgement.best, stateOf(position)) };
        setAnswer({ position, answer: given });
        onJudged(given);
      })
      .catch(toastError)
      .finally(() => setJudging(false));
  };
  // An answer belongs to its puzzle: the next puzzle starts unanswered.
  return { answer: answer?.position === position ? answer.answer : null, judging, decide };
}
