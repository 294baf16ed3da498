import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { UndoIcon } from '../icons';
import { Dice } from './Dice';
import type { HintControls } from './useHintControls';
import { RollButton } from './RollButton';

export interface BoardTrayProps {
  /** 1-6; 0 for a die not rolled yet this turn. */
  faces: number[];
  tumbling: boolean[];
  held: ReadonlySet<number>;
  /** The dice the shown hint keeps. */
  advised: readonly number[];
  /** The player's own game, still in progress: the dice are buttons and the roll button shows. */
  playing: boolean;
  /** Dice can be held now. */
  canHold: boolean;
  onToggle: (index: number) => void;
  rollButton: Ref<HTMLButtonElement>;
  rollCount: number;
  rollDisabled: boolean;
  rollWaiting: boolean;
  onRoll: () => void;
  /** The line beside the roll button: the game's prompt, or the shown hint's advice. */
  line: string;
  /** Null where no Hint button is offered. */
  hint: HintControls | null;
  /** Null when there is no undo to offer. */
  onUndo: (() => void) | null;
  undoDisabled: boolean;
}

/** The dice, the roll button, the line beside it, the Hint and the undo button. */
export function BoardTray({
  faces,
  tumbling,
  held,
  advised,
  playing,
  canHold,
  onToggle,
  rollButton,
  rollCount,
  rollDisabled,
  rollWaiting,
  onRoll,
  line,
  hint,
  onUndo,
  undoDisabled,
}: BoardTrayProps) {
  const { t } = useTranslation();
  return (
    <div className="board-tray">
      <Dice
        faces={faces}
        tumbling={tumbling}
        held={held}
        advised={advised}
        interactive={playing}
        canHold={canHold}
        onToggle={onToggle}
      />
      <div className={hint ? 'board-roll board-roll--hint' : 'board-roll'}>
        {playing ? (
          <RollButton
            ref={rollButton}
            rollCount={rollCount}
            disabled={rollDisabled}
            waiting={rollWaiting}
            onRoll={onRoll}
          />
        ) : null}
        <p className={hint?.shown ? 'board-hint board-hint--advice' : 'board-hint'} aria-live="polite">
          {line}
        </p>
        {hint ? (
          <button
            type="button"
            className="button board-hint-button"
            disabled={hint.disabled}
            aria-keyshortcuts="H"
            onClick={hint.ask}
          >
            {t('game.advice.button')}
          </button>
        ) : null}
        {onUndo ? (
          <button type="button" className="button board-undo" disabled={undoDisabled} onClick={onUndo}>
            <UndoIcon />
            {/* Beside a Hint button the row has room for the icon only; the word is still read out. */}
            <span className={hint ? 'visually-hidden' : 'board-undo-label'}>{t('game.undo')}</span>
          </button>
        ) : null}
        {/* Under the advice it applies; last in the tab order, as it is on screen. */}
        {hint?.apply && hint.shown ? (
          <button type="button" className="button board-hint-apply" onClick={hint.apply}>
            {t(hint.shown.keep.length > 0 ? 'game.advice.applyKeep' : 'game.advice.applyRollAll')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
