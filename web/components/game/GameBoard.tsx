import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameResource } from '../../../contract/games';
import type { LiveState } from '../../api/live';
import { Deferred, onDemand } from '../onDemand';
import { BoardControls } from './BoardControls';
import { BoardHead } from './BoardHead';
import { boardHint } from './boardHint';
import { BoardTray } from './BoardTray';
import { Sheet } from './Sheet';
import { SheetLegend } from './SheetLegend';
import { GLOW_MS } from './timings';
import { useFillGlow } from './useFillGlow';
import { useGameControls } from './useGameControls';
import { useMoveAnnouncement } from './useMoveAnnouncement';
import { useStickyOffsets } from './useStickyOffsets';
import './game.css';

// Not in the first paint of a board: fetched when first shown.
const ConfirmDialog = onDemand(() => import('../ConfirmDialog').then((m) => m.ConfirmDialog));
const Congratulations = onDemand(() => import('./Congratulations').then((m) => m.Congratulations));
const DailyResult = onDemand(() => import('../daily/DailyResult').then((m) => m.DailyResult));

export interface GameBoardProps {
  game: GameResource;
  /** The signed-in player's id; only the game's own player gets the controls. */
  viewerId: number | null;
  live: LiveState;
  /** The player archived the finished game; `next` is their new one. */
  onNewGame?: (next: GameResource) => void;
  /** The board inside a page that has its own title (a clash): its heading is an h2. */
  headingLevel?: 1 | 2;
  /** For anyone but the game's player: the line above the board, instead of the watcher's hint. */
  banner?: string;
}

/** The game: dice, roll button and controls beside (or above) the sheet; read-only for anyone but its player. */
export function GameBoard({ game, viewerId, live, onNewGame, headingLevel = 1, banner }: GameBoardProps) {
  const { t } = useTranslation();
  const c = useGameControls(game, viewerId, onNewGame);
  const dock = useRef<HTMLDivElement>(null);
  const sticky = useStickyOffsets(dock);
  const glow = useFillGlow(game, GLOW_MS);
  const said = useMoveAnnouncement(game, c.state, c.dice.busy);
  const prompt = boardHint(t, {
    rolling: c.dice.busy,
    completed: c.completed,
    isPlayer: c.isPlayer,
    playerName: game.player.name,
    hint: c.roll.hint,
    announcement: c.state.announcement,
    total: c.view.total,
  });

  return (
    <section
      className={c.isPlayer ? 'board' : 'board board--watching'}
      style={sticky}
      aria-labelledby="board-title"
    >
      <BoardHead game={game} isPlayer={c.isPlayer} live={live} level={headingLevel} />
      {/* A daily game has no congratulations dialog and no next game: its result, to share, heads the board. */}
      {game.type === 'DAILY' && c.isPlayer && c.completed ? (
        <Suspense>
          <DailyResult game={game} />
        </Suspense>
      ) : null}
      {c.isPlayer ? null : (
        <p className="board-banner" role="status">
          {banner ?? t('game.watchingHint', { name: game.player.name })}
        </p>
      )}

      <div className="board-body">
        <div className="board-side">
          <div className="board-dock" ref={dock}>
            <BoardTray
              faces={c.dice.faces}
              tumbling={c.dice.tumbling}
              held={c.held}
              advised={c.hint?.shown?.keep ?? []}
              playing={c.isPlayer && !c.completed}
              canHold={c.roll.canHold && !c.busy}
              onToggle={c.toggleDie}
              rollButton={c.rollButton}
              rollCount={game.rollCount}
              rollDisabled={!c.roll.enabled}
              rollWaiting={c.rollWaiting}
              onRoll={c.rollDice}
              line={c.hint?.shown?.text ?? prompt}
              hint={c.hint}
              onUndo={c.undo}
              undoDisabled={c.busy}
            />
          </div>
          {c.isPlayer && (c.askRestart || c.archive) ? (
            <BoardControls
              onRestart={c.askRestart}
              restartDisabled={c.busy}
              onNewGame={c.congratsOpen ? null : c.archive}
              showKeys={!c.completed}
              hintKey={c.hint !== null}
            />
          ) : null}
        </div>

        <div className="board-sheet" ref={c.sheetBox}>
          <Sheet
            view={c.view}
            glow={glow}
            marked={c.hint?.shown?.target ?? null}
            locked={c.sheetLocked}
            onCell={c.clickBox}
          />
        </div>
      </div>
      <SheetLegend />
      {/* Each roll, fill and announcement read out (useMoveAnnouncement); a new span each time, so the same
          words twice are heard twice. */}
      <div className="visually-hidden" role="status" data-testid="board-said">
        {said ? <span key={said.key}>{said.text}</span> : null}
      </div>

      <Deferred until={c.confirmingRestart}>
        <ConfirmDialog
          open={c.confirmingRestart}
          title={t('game.restartTitle')}
          message={t('game.restartText')}
          danger
          onCancel={c.cancelRestart}
          onConfirm={c.restart}
        />
      </Deferred>
      <Deferred until={c.congratsOpen}>
        <Congratulations
          open={c.congratsOpen}
          total={c.view.total}
          onNewGame={c.archive}
          newGamePending={c.movePending}
          onShare={c.share}
          onClose={c.closeCongrats}
        />
      </Deferred>
    </section>
  );
}
