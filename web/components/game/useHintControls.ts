import { useTranslation } from 'react-i18next';
import { type AdviceMarks, adviceMarks, adviceText, offersHint } from './advice';
import type { GameMoves } from './useGameMoves';
import type { RollControls } from './useRollControls';

export interface HintControls {
  ask: () => void;
  /** The advisor is loading, or a move is under way. */
  disabled: boolean;
  /** What the shown advice marks and says; null until asked, and again after the next move. */
  shown: (AdviceMarks & { text: string }) | null;
}

/** The Hint button's state; null where no hint is offered (a clash, a watcher, a finished game). */
export function useHintControls(
  moves: GameMoves,
  roll: RollControls,
  viewerId: number | null,
): HintControls | null {
  const { t } = useTranslation();
  const { game, state, busy, advisor } = moves;
  if (!offersHint(game, viewerId)) return null;
  return {
    // A player asking what to keep expects the next roll to follow the advice: its keep becomes the held dice.
    ask: () => {
      if (busy) return;
      advisor.ask((advice) => {
        const marks = adviceMarks(advice, state);
        if (advice.kind === 'ROLL' && roll.view.canHold) roll.setHeld(new Set(marks.keep));
      });
    },
    disabled: advisor.pending || busy,
    shown:
      advisor.advice && !busy
        ? { ...adviceMarks(advisor.advice, state), text: adviceText(t, advisor.advice, state) }
        : null,
  };
}
