import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableGame } from '../../../game/table';
import type { TablePlay } from '../../api/tableGames';
import { BoardHead } from '../game/BoardHead';
import { Sheet } from '../game/Sheet';
import { SheetLegend } from '../game/SheetLegend';
import { useStickyOffsets } from '../game/useStickyOffsets';
import { RealDiceEntry } from './RealDiceEntry';
import { useRealDice } from './useRealDice';
import { useRealDiceEntry } from './useRealDiceEntry';
import '../game/game.css';
import './realDice.css';

/**
 * The score sheet for real dice (issue 28): the player on turn enters the faces they rolled, and the sheet
 * (the board's own) shows where they may write, every score, sum and bonus, and the total. The rules of game/
 * judge each entry as they judge the app's rolls.
 */
export function RealDiceBoard({ game, player, play }: { game: TableGame; player: number; play: TablePlay }) {
  const { t } = useTranslation();
  const firstDie = useRef<HTMLButtonElement>(null);
  const dice = useRealDice(game, player, play, firstDie);
  const { state } = dice;
  const entry = useRealDiceEntry(state, `${player}:${game.updatedAt}`, dice.refusal === null);
  const dock = useRef<HTMLDivElement>(null);
  const sticky = useStickyOffsets(dock);
  const prompt = state.announcement
    ? t('game.hint.announced', { box: t(`game.boxes.${state.announcement}`) })
    : state.rollCount === 0
      ? t('table.realDice.firstRoll')
      : t('table.realDice.nextRoll', { roll: dice.rollNumber });

  return (
    <section className="board real-dice-board" style={sticky} aria-labelledby="board-title">
      <BoardHead
        game={dice.resource}
        isPlayer
        live="inactive"
        level={2}
        title={t('table.game.turnOf', { name: game.players[player]?.name ?? '' })}
      />
      <div className="board-body">
        <div className="board-side">
          <div className="board-dock" ref={dock}>
            <RealDiceEntry
              entry={entry}
              rollNumber={dice.rollNumber}
              refusal={dice.refusal}
              prompt={prompt}
              pending={dice.pending}
              enterWaiting={dice.enterWaiting}
              firstDie={firstDie}
              onEnter={() => dice.enter(entry.faces)}
              onUndo={dice.undo}
            />
          </div>
        </div>
        <div className="board-sheet" ref={dice.box}>
          <Sheet
            view={dice.view}
            glow={dice.glow}
            marked={null}
            locked={dice.locked}
            onCell={dice.clickBox}
          />
        </div>
      </div>
      <SheetLegend rules={state.rules} />
    </section>
  );
}
