import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameResource } from '../../../contract/games';
import type { LiveState } from '../../api/live';
import { onDemand } from '../onDemand';
import { BoardDialogs } from './BoardDialogs';
import { BoardHead } from './BoardHead';
import { boardHint } from './boardHint';
import { BoardSide } from './BoardSide';
import { Sheet } from './Sheet';
import { SheetLegend } from './SheetLegend';
import { GLOW_MS } from './timings';
import { useFillGlow } from './useFillGlow';
import { useGameControls } from './useGameControls';
import { useMoveAnnouncement } from './useMoveAnnouncement';
import { useStickyOffsets } from './useStickyOffsets';
import './game.css';

// Not in the first paint of a board: fetched when first shown.
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
  /** The board's heading, when its page names it (a game at the table: "Ana's turn"). */
  title?: string;
  /**
   * For anyone but the game's player: the line beside the dice, instead of "Waiting for Ana's move…" (a game
   * at the table shows another player's sheet, or its board while the device is passed on).
   */
  watcherPrompt?: string;
}

/** The game: dice, roll button and controls beside (or above) the sheet; read-only for anyone but its player. */
export function GameBoard({
  game,
  viewerId,
  live,
  onNewGame,
  headingLevel = 1,
  banner,
  title,
  watcherPrompt,
}: GameBoardProps) {
  const { t } = useTranslation();
  const c = useGameControls(game, viewerId, onNewGame);
  const { moves, sheet } = c;
  const dock = useRef<HTMLDivElement>(null);
  const sticky = useStickyOffsets(dock);
  const glow = useFillGlow(game, GLOW_MS);
  const said = useMoveAnnouncement(game, moves.state, moves.dice.busy);
  const hint = boardHint(t, {
    rolling: moves.dice.busy,
    completed: moves.completed,
    isPlayer: moves.isPlayer,
    playerName: game.player.name,
    hint: c.roll.view.hint,
    announcement: moves.state.announcement,
    total: sheet.view.total,
  });
  const prompt =
    !moves.isPlayer && watcherPrompt && !moves.completed && !moves.dice.busy ? watcherPrompt : hint;

  return (
    <section
      className={moves.isPlayer ? 'board' : 'board board--watching'}
      style={sticky}
      aria-labelledby="board-title"
    >
      <BoardHead game={game} isPlayer={moves.isPlayer} live={live} level={headingLevel} title={title} />
      {/* A daily game has no congratulations dialog and no next game: its result, to share, heads the board. */}
      {game.type === 'DAILY' && moves.isPlayer && moves.completed ? (
        <Suspense>
          <DailyResult game={game} />
        </Suspense>
      ) : null}
      {moves.isPlayer ? null : (
        <p className="board-banner" role="status">
          {banner ?? t('game.watchingHint', { name: game.player.name })}
        </p>
      )}

      <div className="board-body">
        <BoardSide controls={c} dock={dock} prompt={prompt} />
        <div className="board-sheet" ref={sheet.box}>
          <Sheet
            view={sheet.view}
            glow={glow}
            marked={c.hint?.shown?.target ?? null}
            locked={sheet.locked}
            onCell={sheet.clickBox}
          />
        </div>
      </div>
      <SheetLegend rules={moves.state.rules} />
      {/* Each roll, fill and announcement read out (useMoveAnnouncement); a new span each time, so the same
          words twice are heard twice. */}
      <div className="visually-hidden" role="status" data-testid="board-said">
        {said ? <span key={said.key}>{said.text}</span> : null}
      </div>
      <BoardDialogs controls={c} />
    </section>
  );
}
