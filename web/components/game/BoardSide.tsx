import type { Ref } from 'react';
import { BoardControls } from './BoardControls';
import { BoardTray } from './BoardTray';
import type { GameControls } from './useGameControls';

export interface BoardSideProps {
  controls: GameControls;
  /** The dock that stays in view while the sheet scrolls. */
  dock: Ref<HTMLDivElement>;
  /** The line beside the roll button when no hint is shown. */
  prompt: string;
}

/** Beside (or above) the sheet: the tray of dice and buttons, then restart, the next game and the keys. */
export function BoardSide({ controls: c, dock, prompt }: BoardSideProps) {
  const { moves, roll, hint, restart, end } = c;
  return (
    <div className="board-side">
      <div className="board-dock" ref={dock}>
        <BoardTray
          faces={moves.dice.faces}
          tumbling={moves.dice.tumbling}
          held={roll.held}
          advised={hint?.shown?.keep ?? []}
          playing={moves.isPlayer && !moves.completed}
          canHold={roll.view.canHold && !moves.busy}
          onToggle={roll.toggleDie}
          rollButton={roll.button}
          rollCount={moves.game.rollCount}
          rollDisabled={!roll.view.enabled}
          rollWaiting={roll.waiting}
          onRoll={roll.roll}
          line={hint?.shown?.text ?? prompt}
          hint={hint}
          onUndo={restart.undo}
          undoDisabled={moves.busy}
        />
      </div>
      {moves.isPlayer && (restart.ask || end.archive) ? (
        <BoardControls
          onRestart={restart.ask}
          restartDisabled={moves.busy}
          onNewGame={end.congratsOpen ? null : end.archive}
          showKeys={!moves.completed}
          hintKey={hint !== null}
          dice={moves.state.rules.dice}
        />
      ) : null}
    </div>
  );
}
