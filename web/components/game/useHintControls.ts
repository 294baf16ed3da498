import { flushSync } from 'react-dom';
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
  /**
   * Holds the dice the shown advice keeps (and frees the others); null when there is nothing to apply: no
   * advice to roll again, dice that cannot be held now, or the player already holds exactly those.
   */
  apply: (() => void) | null;
}

const sameDice = (held: ReadonlySet<number>, keep: readonly number[]) =>
  held.size === keep.length && keep.every((i) => held.has(i));

/** The Hint button's state; null where no hint is offered (a clash, a watcher, a finished game). */
export function useHintControls(
  moves: GameMoves,
  roll: RollControls,
  viewerId: number | null,
): HintControls | null {
  const { t } = useTranslation();
  const { game, state, busy, advisor } = moves;
  if (!offersHint(game, viewerId)) return null;
  const advice = advisor.advice && !busy ? advisor.advice : null;
  const marks = advice ? adviceMarks(advice, state) : null;
  // The advice only shows its keep: the dice the player holds stay theirs until they apply it.
  const applicable =
    advice?.kind === 'ROLL' &&
    marks &&
    roll.view.canHold &&
    state.rollCount > 0 &&
    !sameDice(roll.held, marks.keep);
  return {
    ask: () => {
      if (!busy) advisor.ask();
    },
    disabled: advisor.pending || busy,
    shown: advice && marks ? { ...marks, text: adviceText(t, advice, state) } : null,
    // The button goes once applied: the focus moves on to the roll the held dice are for, once that is drawn
    // (it was disabled while the player held all five).
    apply: applicable
      ? () => {
          flushSync(() => roll.setHeld(new Set(marks.keep)));
          roll.button.current?.focus();
        }
      : null,
  };
}
