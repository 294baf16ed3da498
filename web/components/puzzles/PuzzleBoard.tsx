import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Decision } from '../../../game/advisor';
import { canRoll } from '../../../game/availability';
import { type Position, stateOf } from '../../../game/replay';
import { presetOf } from '../../../game/rules';
import { MAX_ROLLS } from '../../../game/types';
import type { AdviceMarks } from '../game/advice';
import { Dice } from '../game/Dice';
import { Sheet } from '../game/Sheet';
import { type CellView, sheetView } from '../game/view';
import '../game/game.css';

export interface PuzzleBoardProps {
  position: Position;
  /** Null while the player chooses; the advisor's marks (its keep, its box) once answered. */
  answered: AdviceMarks | null;
  onDecide: (decision: Decision) => void;
  /** What shows under the dice: the verdict once answered. */
  children?: ReactNode;
}

/**
 * A puzzle's position as the play screen shows a game: the dice as they stand, which the player toggles to
 * keep and rolls ("Roll with these kept"), and the sheet, whose open boxes fill or announce. The player's
 * first choice is the answer. Dice and boxes are buttons: the whole puzzle plays from the keyboard.
 */
export function PuzzleBoard({ position, answered, onDecide, children }: PuzzleBoardProps) {
  const { t } = useTranslation();
  const state = stateOf(position);
  const [held, setHeld] = useState<ReadonlySet<number>>(new Set());
  const open = answered === null;
  const mayRoll = canRoll(state) === null;
  const diceToRoll = state.dice.map((_, i) => i).filter((i) => !held.has(i));
  const toggle = (index: number) =>
    setHeld((now) => {
      const next = new Set(now);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  const onCell = (cell: CellView) => {
    if (!open) return;
    if (cell.action === 'fill') onDecide({ kind: 'FILL', column: cell.column, box: cell.box });
    if (cell.action === 'announce') onDecide({ kind: 'ANNOUNCE', box: cell.box });
  };
  const preset = presetOf(position.rules);
  return (
    <div className="board puzzle-board" data-position={JSON.stringify(position)}>
      <p className="puzzle-facts">
        <span>
          {t('puzzles.board.rules', {
            name: preset ? t(`game.ruleSets.names.${preset}`) : t('game.ruleSets.custom'),
          })}
        </span>
        <span>{t('puzzles.board.rollsLeft', { count: MAX_ROLLS - position.rollCount })}</span>
        {position.announcement ? (
          <span>{t('puzzles.board.announced', { box: t(`game.boxes.${position.announcement}`) })}</span>
        ) : null}
      </p>
      <div className="board-body">
        <div className="board-side">
          <div className="board-tray">
            <Dice
              faces={state.dice}
              tumbling={state.dice.map(() => false)}
              held={answered ? new Set(answered.keep) : held}
              advised={answered?.keep ?? []}
              interactive={open}
              canHold={open && mayRoll}
              onToggle={toggle}
            />
            {open ? (
              <button
                type="button"
                className="button button-primary puzzle-roll"
                disabled={!mayRoll || diceToRoll.length === 0}
                onClick={() => onDecide({ kind: 'ROLL', diceToRoll })}
              >
                {t('puzzles.board.roll')}
              </button>
            ) : null}
            {open ? (
              <p className="board-hint">{t(mayRoll ? 'puzzles.board.choose' : 'puzzles.board.fillOnly')}</p>
            ) : null}
          </div>
          {children}
        </div>
        <div className="board-sheet">
          <Sheet
            view={sheetView(state, { fill: true, announce: true }, open)}
            glow={null}
            marked={answered?.target ?? null}
            locked={!open}
            onCell={onCell}
          />
        </div>
      </div>
    </div>
  );
}
