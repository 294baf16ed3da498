import { type RefObject, useRef } from 'react';
import { BOX_LOCK_MS } from './timings';
import type { GameMoves } from './useGameMoves';
import { useFocusAfterMove } from './useFocusAfterMove';
import { useLock } from './useLock';
import { type CellView, type SheetView, sheetView } from './view';

export interface SheetControls {
  view: SheetView;
  box: RefObject<HTMLDivElement | null>;
  /** The boxes take no click (the box lock, a move on its way). */
  locked: boolean;
  clickBox: (cell: CellView) => void;
}

/** The sheet: filling and announcing a box, the box lock of SPEC section 9, and where the focus goes next. */
export function useSheetControls(
  moves: GameMoves,
  rollButton: RefObject<HTMLButtonElement | null>,
): SheetControls {
  const { state, dice, busy, send } = moves;
  const lock = useLock(BOX_LOCK_MS);
  const box = useRef<HTMLDivElement>(null);
  // Keyboard play: after a fill the focus goes to the roll button, after an announcement to the announced box.
  const moveFocus = useFocusAfterMove(rollButton, box);
  // While the dice tumble the sheet offers nothing (no scores of dice still in the air). While a move is
  // on its way its boxes stay in place, locked: the focused box keeps the focus through an announcement.
  const view = sheetView(state, moves.may, !dice.busy);

  const clickBox = (cell: CellView) => {
    if (lock.isLocked() || busy) return;
    lock.lock();
    const fromKeyboard = box.current?.contains(document.activeElement) ?? false;
    const col = view.cells.findIndex((column) => column[0].column === cell.column);
    const row = view.cells[col].findIndex((c) => c.box === cell.box);
    if (cell.action === 'fill') {
      send(
        { type: 'FILL', columnType: cell.column, boxType: cell.box },
        { onSuccess: () => fromKeyboard && moveFocus('roll') },
      );
    } else if (cell.action === 'announce') {
      send(
        { type: 'ANNOUNCE', boxType: cell.box },
        { onSuccess: () => fromKeyboard && moveFocus({ col, row }) },
      );
    }
  };

  return { view, box, locked: lock.locked || moves.pending, clickBox };
}
