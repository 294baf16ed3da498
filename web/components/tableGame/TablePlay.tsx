import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canUndoEntry, passDevice, tableCompleted, type TableGame } from '../../../game/table';
import { GameMoverContext } from '../../api/gameMover';
import {
  createTableGame,
  tablePlayerId,
  tableResource,
  type TablePlay as TableMoves,
  useTablePlay,
} from '../../api/tableGames';
import { GameBoard } from '../game/GameBoard';
import { toastError } from '../Toasts';
import { PassCurtain } from './PassCurtain';
import { PANEL_ID, PlayerTabs, tabId, useSwipe } from './PlayerTabs';
import { RealDiceBoard } from './RealDiceBoard';
import { TableEnd, useEndSaid } from './TableEnd';
import { TableTotals } from './TableTotals';
import { tableKindName } from './tableText';

/** "Play again with the same players" (and a finished practice game's "New game"): the next game, opened. */
function useTableAgain(game: TableGame) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const again = useCallback(async () => {
    setStarting(true);
    try {
      const names = game.players.map((p) => p.name);
      const next = await createTableGame(client, {
        kind: game.kind,
        dice: game.dice,
        rules: game.rules,
        names,
      });
      void navigate(`/table/${next.id}`);
      return next;
    } finally {
      setStarting(false);
    }
  }, [client, navigate, game]);
  return { again, starting };
}

/**
 * One game at the table. The player on turn plays on the board (the app's dice: the play screen's own board,
 * its moves applied here; real dice: the entry of the faces). After a fill in a game of several players the
 * board shows it with "Undo" and "Pass to Ben"; passing hides the board behind a screen with Ben's name only.
 * Everyone's totals stand above, each sheet a tab (or a swipe) away, and the end ranks everyone.
 */
export function TablePlay({ game }: { game: TableGame }) {
  const { t } = useTranslation();
  const play = useTablePlay(game.id);
  const several = game.players.length > 1;
  const done = tableCompleted(game);
  // A sheet chosen in the tabs, while the same player is on turn; the player on turn's otherwise.
  const [viewing, setViewing] = useState<{ player: number; turn: number } | null>(null);
  const shown = viewing && viewing.turn === game.turn ? viewing.player : game.turn;
  const show = (player: number) => setViewing({ player, turn: game.turn });
  const swipe = useSwipe(game.players.length, shown, show);
  // The name of the player the device was just passed to, until they start their turn.
  const [curtain, setCurtain] = useState<string | null>(null);
  const { again, starting } = useTableAgain(game);
  const said = useEndSaid(game, done);

  const pass = () => {
    const next = passDevice(game, Date.now());
    setViewing(null);
    setCurtain(next.players[next.turn]?.name ?? '');
    play.pass().catch((error: unknown) => {
      setCurtain(null);
      toastError(error);
    });
  };
  const undo = () => void play.undo().catch(toastError);

  return (
    <div className="table-game">
      <header className="table-game-head">
        <h1 className="table-game-title">{tableKindName(t, game)}</h1>
        <span className="board-chip table-chip">{t('table.chip')}</span>
      </header>
      {/* Read out when the game ends: the ranking is on screen, this says who won. */}
      <div className="visually-hidden" role="status">
        {said}
      </div>
      {curtain !== null ? (
        <PassCurtain name={curtain} onStart={() => setCurtain(null)} />
      ) : (
        <>
          {done && game.kind !== 'PRACTICE' ? (
            <TableEnd
              game={game}
              starting={starting}
              onAgain={() => void again().catch(toastError)}
              onUndo={canUndoEntry(game) ? undo : null}
            />
          ) : null}
          {several ? <TableTotals game={game} done={done} /> : null}
          {several ? <PlayerTabs game={game} shown={shown} onShow={show} /> : null}
          <div
            className="table-sheet-panel"
            {...(several && { role: 'tabpanel', id: PANEL_ID, 'aria-labelledby': tabId(shown) })}
            {...swipe}
          >
            {game.dice === 'REAL' && shown === game.turn && !done ? (
              <RealDiceBoard game={game} player={game.turn} play={play} />
            ) : (
              <TableSheetBoard game={game} shown={shown} play={play} again={again} />
            )}
          </div>
          {game.passing && !done ? (
            <div className="table-pass-bar">
              <button type="button" className="button" onClick={undo}>
                {t('table.pass.undo')}
              </button>
              <button type="button" className="button button-primary" onClick={pass}>
                {t('table.pass.button', { name: passName(game) })}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * The play screen's board for the sheet shown: the player on turn's to play (its moves go to this device's
 * game), anyone else's to look at, headed and captioned for the table.
 */
function TableSheetBoard({
  game,
  shown,
  play,
  again,
}: {
  game: TableGame;
  shown: number;
  play: TableMoves;
  again: () => Promise<TableGame>;
}) {
  const { t } = useTranslation();
  const practice = game.kind === 'PRACTICE';
  const done = tableCompleted(game);
  // "New game" after a finished practice game: the next practice game, opened.
  const moverOf = play.mover;
  const mover = useMemo(
    () => moverOf(shown, practice ? async () => tableResource(await again(), 0) : undefined),
    [moverOf, shown, practice, again],
  );
  const name = game.players[shown]?.name ?? '';
  const turnName = game.players[game.turn]?.name ?? '';
  const onTurn = shown === game.turn && !done;
  // Only the player on turn plays, and not while the device goes on; a finished practice game keeps its
  // player, for the congratulations and "New game".
  const plays = practice || (onTurn && !game.passing);
  const title = practice
    ? t('table.practice.sheet')
    : onTurn
      ? t('table.game.turnOf', { name })
      : t('table.game.sheetOf', { name });
  const banner = done
    ? t('table.game.lookDone', { name })
    : onTurn && game.passing
      ? t('table.pass.banner', { name, next: passName(game) })
      : t('table.game.lookOnly', { name, turn: turnName });
  return (
    <GameMoverContext.Provider value={mover}>
      <GameBoard
        // A board of its own per player: held dice and the roll's tumble are one player's.
        key={shown}
        game={tableResource(game, shown)}
        viewerId={plays ? tablePlayerId(game, shown) : null}
        live="inactive"
        headingLevel={2}
        title={title}
        banner={banner}
        watcherPrompt={
          game.passing
            ? t('table.pass.title', { name: passName(game) })
            : t('table.game.turnOf', { name: turnName })
        }
      />
    </GameMoverContext.Provider>
  );
}

/** Who gets the device next. */
const passName = (game: TableGame): string => {
  const next = passDevice(game, game.updatedAt);
  return next.players[next.turn]?.name ?? '';
};
