import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { UndoIcon } from '../icons';
import { Dice } from './Dice';
import { RollButton } from './RollButton';

export interface BoardTrayProps {
  faces: number[];
  tumbling: boolean[];
  held: ReadonlySet<number>;
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
  /** The line beside the roll button. */
  hint: string;
  /** Null when there is no undo to offer. */
  onUndo: (() => void) | null;
  undoDisabled: boolean;
}

/** The dice, the roll button, the hint and the undo button. */
export function BoardTray({
  faces,
  tumbling,
  held,
  playing,
  canHold,
  onToggle,
  rollButton,
  rollCount,
  rollDisabled,
  rollWaiting,
  onRoll,
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
        interactive={playing}
        canHold={canHold}
        onToggle={onToggle}
      />
      <div className="board-roll">
        {playing ? (
          <RollButton
            ref={rollButton}
            rollCount={rollCount}
            disabled={rollDisabled}
            waiting={rollWaiting}
            onRoll={onRoll}
          />
        ) : null}
        <p className="board-hint" aria-live="polite">
          {hint}
        </p>
        {onUndo ? (
          <button type="button" className="button board-undo" disabled={undoDisabled} onClick={onUndo}>
            <UndoIcon />
            <span className="board-undo-label">{t('game.undo')}</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
