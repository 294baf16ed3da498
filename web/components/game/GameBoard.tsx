import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GameMove, useGameMove } from '../../api/games';
import type { GameResource } from '../../api/gameTypes';
import type { LiveState } from '../../api/live';
import { formatPercent } from '../../format';
import { ConfirmDialog } from '../ConfirmDialog';
import { UndoIcon } from '../icons';
import { toastError } from '../Toasts';
import {
  shareScore,
  useDiceKeys,
  useFillGlow,
  useFocusAfterMove,
  useLock,
  useStickyOffsets,
} from './boardHooks';
import { Congratulations } from './Congratulations';
import { Dice, RollButton } from './Dice';
import { Sheet } from './Sheet';
import { useDiceRoll, useReducedMotion } from './useDiceRoll';
import { type CellView, diceToRoll, rollView, sheetView } from './view';
import { toGameState } from '../../../contract/games';
import './game.css';

/** SPEC section 9 timings. */
export const ROLL_LOCK_MS = 500;
export const BOX_LOCK_MS = 300;
export const GLOW_MS = 1500;

export interface GameBoardProps {
  game: GameResource;
  /** The signed-in player's id; only the game's own player gets the controls. */
  viewerId: number | null;
  live: LiveState;
  /** The player archived the finished game; `next` is their new one. */
  onNewGame?: (next: GameResource) => void;
}

/** The game: dice, roll button and controls beside (or above) the sheet; read-only for anyone but its player. */
export function GameBoard({ game, viewerId, live, onNewGame }: GameBoardProps) {
  const { t, i18n } = useTranslation();
  const state = useMemo(() => toGameState(game), [game]);
  const isPlayer = viewerId !== null && viewerId === game.player.id;
  const move = useGameMove(game.id, toastError);
  const reducedMotion = useReducedMotion();
  const dice = useDiceRoll(game, reducedMotion);
  const rollLock = useLock(ROLL_LOCK_MS);
  const boxLock = useLock(BOX_LOCK_MS);
  const [held, setHeld] = useState<ReadonlySet<number>>(new Set());
  const [confirmRestart, setConfirmRestart] = useState(false);
  const [congratsClosed, setCongratsClosed] = useState(false);
  const rollButton = useRef<HTMLButtonElement>(null);
  const sheetBox = useRef<HTMLDivElement>(null);
  const dock = useRef<HTMLDivElement>(null);
  const sticky = useStickyOffsets(dock);
  const glow = useFillGlow(game, GLOW_MS);
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

  // A new turn starts with every die free, and so does another game.
  useEffect(() => {
    if (game.rollCount === 0) setHeld(new Set());
  }, [game.rollCount]);
  // Another game (the next one after "New game") starts with every die free and the dialog closed.
  useEffect(() => {
    setHeld(new Set());
    setCongratsClosed(false);
  }, [game.id]);

  const send = (next: GameMove, after?: { onSuccess?: (game: GameResource) => void; onError?: () => void }) =>
    move.mutate(next, after);

  const doRoll = () => {
    if (!roll.enabled || rollWaiting || rollLock.isLocked()) return;
    rollLock.lock();
    const indices = diceToRoll(state.rollCount, held);
    dice.begin(indices);
    send({ type: 'roll', diceToRoll: indices }, { onError: dice.cancel });
  };

  const toggle = (index: number) => {
    if (!isPlayer || !roll.canHold || busy) return;
    setHeld((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  };

  const onCell = (cell: CellView) => {
    if (boxLock.isLocked() || busy) return;
    boxLock.lock();
    const fromKeyboard = sheetBox.current?.contains(document.activeElement) ?? false;
    const col = view.cells.findIndex((column) => column[0].column === cell.column);
    const row = view.cells[col].findIndex((c) => c.box === cell.box);
    if (cell.action === 'fill') {
      send(
        { type: 'fill', columnType: cell.column, boxType: cell.box },
        { onSuccess: () => fromKeyboard && moveFocus('roll') },
      );
    } else if (cell.action === 'announce') {
      send(
        { type: 'announce', boxType: cell.box },
        { onSuccess: () => fromKeyboard && moveFocus({ col, row }) },
      );
    }
  };

  // Keys 1-5 hold a die, R rolls: only for the player.
  useDiceKeys(isPlayer, { toggle, roll: doRoll });

  const congratsOpen = isPlayer && game.type === 'SOLO' && game.status === 'COMPLETED' && !congratsClosed;
  const archive = links.archive
    ? () => send({ type: 'archive' }, { onSuccess: (next) => onNewGame?.(next) })
    : null;
  const share = () =>
    void shareScore(
      t('game.congrats.shareText', { total: view.total }),
      `${window.location.origin}/games/${game.id}`,
    );

  let hint: string;
  if (dice.busy) hint = t('game.dice.rolling');
  else if (completed) hint = t('game.finished', { total: view.total });
  else if (!isPlayer) hint = t('game.hint.watching', { name: game.player.name });
  else
    hint = t(`game.hint.${roll.hint}`, {
      box: state.announcement ? t(`game.boxes.${state.announcement}`) : '',
    });

  return (
    <section
      className={isPlayer ? 'board' : 'board board--watching'}
      style={sticky}
      aria-labelledby="board-title"
    >
      <header className="board-head">
        <h1 id="board-title" className="board-title">
          {isPlayer ? t('game.play') : t('game.watching', { name: game.player.name })}
        </h1>
        <ul className="board-stats">
          <li className={`board-chip board-chip--${game.status.toLowerCase()}`}>
            {t(`game.status.${game.status}`)}
          </li>
          <li className="board-chip">{t('game.progress', { progress: formatPercent(game.progress, i18n.language) })}</li>
          {live !== 'inactive' && !completed ? (
            <li
              className={live === 'open' ? 'board-chip board-live board-live--open' : 'board-chip board-live'}
            >
              {t('game.live')}
            </li>
          ) : null}
        </ul>
      </header>
      {isPlayer ? null : (
        <p className="board-banner" role="status">
          {t('game.watchingHint', { name: game.player.name })}
        </p>
      )}

      <div className="board-body">
        <div className="board-side">
          <div className="board-dock" ref={dock}>
            <div className="board-tray">
              <Dice
                faces={dice.faces}
                tumbling={dice.tumbling}
                held={held}
                interactive={isPlayer && !completed}
                canHold={roll.canHold && !busy}
                onToggle={toggle}
              />
              <div className="board-roll">
                {isPlayer && !completed ? (
                  <RollButton
                    ref={rollButton}
                    rollCount={game.rollCount}
                    disabled={!roll.enabled}
                    waiting={rollWaiting}
                    onRoll={doRoll}
                  />
                ) : null}
                <p className="board-hint" aria-live="polite">
                  {hint}
                </p>
                {isPlayer && links.undo ? (
                  <button
                    type="button"
                    className="button board-undo"
                    disabled={busy}
                    onClick={() => send({ type: 'undo' })}
                  >
                    <UndoIcon />
                    <span className="board-undo-label">{t('game.undo')}</span>
                  </button>
                ) : null}
              </div>
            </div>
          </div>
          {isPlayer && (links.restart || archive) ? (
            <div className="board-controls">
              {links.restart ? (
                <button
                  type="button"
                  className="button board-control"
                  disabled={busy}
                  onClick={() => setConfirmRestart(true)}
                >
                  {t('game.restart')}
                </button>
              ) : null}
              {archive && !congratsOpen ? (
                <button type="button" className="button button-primary board-control" onClick={archive}>
                  {t('game.newGame')}
                </button>
              ) : null}
              {!completed ? <p className="board-keys">{t('game.dice.shortcuts')}</p> : null}
            </div>
          ) : null}
        </div>

        <div className="board-sheet" ref={sheetBox}>
          <Sheet view={view} glow={glow} locked={boxLock.locked || move.isPending} onCell={onCell} />
        </div>
      </div>

      <ConfirmDialog
        open={confirmRestart}
        title={t('game.restartTitle')}
        message={t('game.restartText')}
        danger
        onCancel={() => setConfirmRestart(false)}
        onConfirm={() => {
          setConfirmRestart(false);
          send({ type: 'restart' });
        }}
      />
      <Congratulations
        open={congratsOpen}
        total={view.total}
        onNewGame={archive}
        newGamePending={move.isPending}
        onShare={share}
        onClose={() => setCongratsClosed(true)}
      />
    </section>
  );
}
