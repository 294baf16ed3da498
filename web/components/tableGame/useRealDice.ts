import { type RefObject, useMemo, useRef, useState } from 'react';
import type { GameResource } from '../../../contract/games';
import { canRoll } from '../../../game/availability';
import { MAX_ROLLS, type GameState } from '../../../game/types';
import type { RuleErrorKey } from '../../../game/errors';
import { canUndoEntry, enteredDice, type TableGame } from '../../../game/table';
import { tableResource, type TablePlay } from '../../api/tableGames';
import { toastError } from '../Toasts';
import { BOX_LOCK_MS, GLOW_MS, ROLL_LOCK_MS } from '../game/timings';
import { useFillGlow } from '../game/useFillGlow';
import { useFocusAfterMove } from '../game/useFocusAfterMove';
import { useLock } from '../game/useLock';
import { type CellView, type SheetView, sheetView } from '../game/view';

export interface RealDice {
  /** The player's game as the board's components read it. */
  resource: GameResource;
  state: GameState;
  view: SheetView;
  glow: ReturnType<typeof useFillGlow>;
  /** The sheet takes no click (the box lock, a move on its way). */
  locked: boolean;
  box: RefObject<HTMLDivElement | null>;
  clickBox: (cell: CellView) => void;
  /** The roll this entry is (1 to 3); the last roll's number once all are made. */
  rollNumber: number;
  /** Why the rules refuse a roll now (a rule error key), or null when the faces may be entered. */
  refusal: RuleErrorKey | null;
  /** A move is on its way. */
  pending: boolean;
  /** The roll lock of SPEC section 9 after an entry (no second roll by a double click), or a move on its way. */
  enterWaiting: boolean;
  /** Applies the typed faces as the next roll. */
  enter: (faces: readonly number[]) => void;
  /** Null when there is no entry to take back. */
  undo: (() => void) | null;
}

/**
 * A real-dice player's turn: the faces they rolled enter as a roll (the rules of game/ judge it as any roll),
 * the sheet fills and announces as on the board, and the latest entry of anyone can be taken back. Every move
 * is applied one at a time (useTablePlay); a refusal shows as a toast in the player's words.
 */
export function useRealDice(
  game: TableGame,
  player: number,
  play: TablePlay,
  firstDie: RefObject<HTMLButtonElement | null>,
): RealDice {
  const resource = useMemo(() => tableResource(game, player), [game, player]);
  const state = useMemo(() => toState(game, player), [game, player]);
  const links = resource._links;
  const [pending, setPending] = useState(false);
  const rollLock = useLock(ROLL_LOCK_MS);
  const boxLock = useLock(BOX_LOCK_MS);
  const box = useRef<HTMLDivElement>(null);
  // Keyboard play: after a fill the focus goes to the first die, where the next turn's faces start.
  const moveFocus = useFocusAfterMove(firstDie, box);
  const glow = useFillGlow(resource, GLOW_MS);
  const view = sheetView(state, { fill: !!links.fill, announce: !!links.announce }, !pending);

  const run = (move: () => Promise<unknown>, onSuccess?: () => void) => {
    setPending(true);
    move()
      .then(() => onSuccess?.())
      .catch(toastError)
      .finally(() => setPending(false));
  };

  return {
    resource,
    state,
    view,
    glow,
    locked: boxLock.locked || pending,
    box,
    clickBox: (cell) => {
      if (boxLock.isLocked() || pending) return;
      boxLock.lock();
      const fromKeyboard = box.current?.contains(document.activeElement) ?? false;
      if (cell.action === 'fill') {
        run(
          () => play.move({ type: 'FILL', columnType: cell.column, boxType: cell.box }),
          () => fromKeyboard && moveFocus('roll'),
        );
      } else if (cell.action === 'announce') {
        run(() => play.move({ type: 'ANNOUNCE', boxType: cell.box }));
      }
    },
    rollNumber: Math.min(state.rollCount + 1, MAX_ROLLS),
    refusal: rollRefusal(state, !!links.roll),
    pending,
    enterWaiting: pending || rollLock.locked,
    enter: (faces) => {
      if (!links.roll || pending || rollLock.isLocked()) return;
      rollLock.lock();
      run(() => play.move({ type: 'ROLL', diceToRoll: null }, enteredDice(faces)));
    },
    undo: canUndoEntry(game) ? () => run(play.undo) : null,
  };
}

function toState(game: TableGame, player: number): GameState {
  const state = game.players[player]?.state;
  if (!state) throw new Error(`table game ${game.id} has no player ${player}`);
  return state;
}

/** Why no roll may be entered now: the rules' own reason, else the device is to be passed on first. */
function rollRefusal(state: GameState, mayRoll: boolean): RuleErrorKey | null {
  if (mayRoll) return null;
  return canRoll(state) ?? 'table-pass-first';
}
