import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameState } from '../../../game';
import { useGameMove } from '../../api/games';
import type { GameResource, PlayerMove } from '../../../contract/games';
import { toGameState } from '../../../contract/gameState';
import { toastError } from '../Toasts';
import { type AdviceMarks, adviceMarks, adviceText, offersHint } from './advice';
import { shareScore } from './shareScore';
import { BOX_LOCK_MS, ROLL_LOCK_MS } from './timings';
import { useDiceKeys } from './useDiceKeys';
import { type DiceRoll, useDiceRoll } from './useDiceRoll';
import { useFocusAfterMove } from './useFocusAfterMove';
import { useHeldDice } from './useHeldDice';
import { useHint } from './useHint';
import { useLock } from './useLock';
import { useDiceSpeed } from './useReducedMotion';
import { type CellView, diceToRoll, type RollView, rollView, type SheetView, sheetView } from './view';

export interface GameControls {
  state: GameState;
  /** The viewer is the game's player: only they get the controls. */
  isPlayer: boolean;
  completed: boolean;
  view: SheetView;
  roll: RollView;
  dice: DiceRoll;
  held: ReadonlySet<number>;
  /** A move is on its way or the dice tumble: no other move now. */
  busy: boolean;
  /** The roll button waits (a move on its way, the dice in the air, the roll lock). */
  rollWaiting: boolean;
  /** The boxes take no click (the box lock, a move on its way). */
  sheetLocked: boolean;
  movePending: boolean;
  rollButton: RefObject<HTMLButtonElement | null>;
  sheetBox: RefObject<HTMLDivElement | null>;
  rollDice: () => void;
  toggleDie: (index: number) => void;
  clickBox: (cell: CellView) => void;
  /** Null when the game offers no undo to this viewer. */
  undo: (() => void) | null;
  /** Null when the game cannot be restarted; else opens the confirmation. */
  askRestart: (() => void) | null;
  confirmingRestart: boolean;
  cancelRestart: () => void;
  restart: () => void;
  /** Null when the viewer may not start the next game (no archive link). */
  archive: (() => void) | null;
  congratsOpen: boolean;
  closeCongrats: () => void;
  share: () => void;
  /** The Hint button's state; null where no hint is offered (a clash, a watcher, a finished game). */
  hint: HintControls | null;
}

export interface HintControls {
  ask: () => void;
  /** The advisor is loading, or a move is under way. */
  disabled: boolean;
  /** What the shown advice marks and says; null until asked, and again after the next move. */
  shown: (AdviceMarks & { text: string }) | null;
}

/**
 * What the player can do on the board and the state it takes: the moves (roll, hold, fill, announce,
 * undo, restart, the next game), the locks of SPEC section 9, the keys 1-5 and R, and where the focus
 * goes after a move. A watcher gets the same view with every action refused.
 */
export function useGameControls(
  game: GameResource,
  viewerId: number | null,
  onNewGame?: (next: GameResource) => void,
): GameControls {
  const { t } = useTranslation();
  const state = useMemo(() => toGameState(game), [game]);
  const isPlayer = viewerId !== null && viewerId === game.player.id;
  const move = useGameMove(game.id, toastError);
  const dice = useDiceRoll(game, useDiceSpeed());
  const rollLock = useLock(ROLL_LOCK_MS);
  const boxLock = useLock(BOX_LOCK_MS);
  const { held, toggle: toggleHeld, setHeld } = useHeldDice(game.id, game.rollCount);
  const hint = useHint(game, state);
  const hintOffered = offersHint(game, viewerId);
  const [confirmingRestart, setConfirmingRestart] = useState(false);
  const [congratsClosed, setCongratsClosed] = useState(false);
  const rollButton = useRef<HTMLButtonElement>(null);
  const sheetBox = useRef<HTMLDivElement>(null);
  // Keyboard play: after a fill the focus goes to the roll button, after an announcement to the announced box.
  const moveFocus = useFocusAfterMove(rollButton, sheetBox);

  const links = game._links;
  const completed = game.status !== 'IN_PROGRESS';
  const may = {
    roll: isPlayer && !!links.roll,
    fill: isPlayer && !!links.fill,
    announce: isPlayer && !!links.announce,
  };
  const busy = move.isPending || dice.busy;
  // While the dice tumble the sheet offers nothing (no scores of dice still in the air). While a move is
  // on its way its boxes stay in place, locked: the focused box keeps the focus through an announcement.
  const view = sheetView(state, may, !dice.busy);
  const roll = rollView(state, may.roll, held);
  const rollWaiting = busy || rollLock.locked;
  const anyFilled = view.cells.some((column) => column.some((cell) => cell.value !== null));

  // Another game (the next one after "New game") starts with the dialog closed.
  useEffect(() => {
    setCongratsClosed(false);
  }, [game.id]);

  const send = (
    next: PlayerMove,
    after?: { onSuccess?: (game: GameResource) => void; onError?: () => void },
  ) => {
    hint.clear();
    move.mutate(next, after);
  };

  const rollDice = () => {
    if (!roll.enabled || rollWaiting || rollLock.isLocked()) return;
    rollLock.lock();
    const indices = diceToRoll(state.rollCount, held);
    dice.begin(indices);
    send({ type: 'ROLL', diceToRoll: indices }, { onError: dice.cancel });
  };

  const toggleDie = (index: number) => {
    if (!isPlayer || !roll.canHold || busy) return;
    toggleHeld(index);
  };

  const clickBox = (cell: CellView) => {
    if (boxLock.isLocked() || busy) return;
    boxLock.lock();
    const fromKeyboard = sheetBox.current?.contains(document.activeElement) ?? false;
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

  // A player asking what to keep expects the next roll to follow the advice: its keep becomes the held dice.
  const askHint = () => {
    if (!hintOffered || busy) return;
    hint.ask((advice) => {
      const marks = adviceMarks(advice, state);
      if (advice.kind === 'ROLL' && roll.canHold) setHeld(new Set(marks.keep));
    });
  };

  // Keys 1-5 hold a die, R rolls, H asks for a hint: only for the player.
  useDiceKeys(isPlayer, { toggle: toggleDie, roll: rollDice, hint: hintOffered ? askHint : null });

  const archive = links.archive
    ? () => send({ type: 'ARCHIVE' }, { onSuccess: (next) => onNewGame?.(next) })
    : null;

  return {
    state,
    isPlayer,
    completed,
    view,
    roll,
    dice,
    held,
    busy,
    rollWaiting,
    sheetLocked: boxLock.locked || move.isPending,
    movePending: move.isPending,
    rollButton,
    sheetBox,
    rollDice,
    toggleDie,
    clickBox,
    undo: isPlayer && links.undo ? () => send({ type: 'UNDO' }) : null,
    // SPEC section 4 lets any game in progress restart (the server's link says so), but a sheet with no box
    // filled has nothing to lose: the button only shows once a box is filled.
    askRestart: links.restart && anyFilled ? () => setConfirmingRestart(true) : null,
    confirmingRestart,
    cancelRestart: () => setConfirmingRestart(false),
    restart: () => {
      setConfirmingRestart(false);
      send({ type: 'RESTART' });
    },
    archive,
    congratsOpen: isPlayer && game.type === 'SOLO' && game.status === 'COMPLETED' && !congratsClosed,
    closeCongrats: () => setCongratsClosed(true),
    share: () =>
      void shareScore(
        t('game.congrats.shareText', { total: view.total }),
        `${window.location.origin}/games/${game.id}`,
      ),
    hint: hintOffered
      ? {
          ask: askHint,
          disabled: hint.pending || busy,
          shown:
            hint.advice && !busy
              ? {
                  ...adviceMarks(hint.advice, state),
                  text: adviceText(t, hint.advice, state),
                }
              : null,
        }
      : null,
  };
}
