import type { GameResource } from '../../../contract/games';
import { type GameEnd, useGameEnd } from './useGameEnd';
import { type GameMoves, useGameMoves } from './useGameMoves';
import { type HintControls, useHintControls } from './useHintControls';
import { type RestartControls, useRestartControls } from './useRestartControls';
import { type RollControls, useRollControls } from './useRollControls';
import { type SheetControls, useSheetControls } from './useSheetControls';
import { useDiceKeys } from './useDiceKeys';

export interface GameControls {
  moves: GameMoves;
  roll: RollControls;
  sheet: SheetControls;
  /** Null where no hint is offered (a clash, a watcher, a finished game). */
  hint: HintControls | null;
  restart: RestartControls;
  end: GameEnd;
}

/**
 * What the player can do on the board, one object per concern: the dice and the roll, the sheet's fills and
 * announcements, the hint, undo and restart, the end of the game. The keys 1-6, R and H play the dice for
 * the player only; a watcher gets the same view with every action refused.
 */
export function useGameControls(
  game: GameResource,
  viewerId: number | null,
  onNewGame?: (next: GameResource) => void,
): GameControls {
  const moves = useGameMoves(game, viewerId);
  const roll = useRollControls(moves);
  const sheet = useSheetControls(moves, roll.button);
  const hint = useHintControls(moves, roll, viewerId);
  useDiceKeys(moves.isPlayer, { toggle: roll.toggleDie, roll: roll.roll, hint: hint?.ask ?? null });
  return {
    moves,
    roll,
    sheet,
    hint,
    restart: useRestartControls(moves, sheet.view),
    end: useGameEnd(moves, sheet.view.total, onNewGame),
  };
}
