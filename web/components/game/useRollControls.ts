import { type RefObject, useRef } from 'react';
import { ROLL_LOCK_MS } from './timings';
import type { GameMoves } from './useGameMoves';
import { useHeldDice } from './useHeldDice';
import { useLock } from './useLock';
import { diceToRoll, type RollView, rollView } from './view';

export interface RollControls {
  view: RollView;
  held: ReadonlySet<number>;
  setHeld: (held: ReadonlySet<number>) => void;
  /** The roll button waits (a move on its way, the dice in the air, the roll lock). */
  waiting: boolean;
  button: RefObject<HTMLButtonElement | null>;
  roll: () => void;
  toggleDie: (index: number) => void;
}

/** The dice and the roll button: which dice are held, the roll lock of SPEC section 9, and the roll itself. */
export function useRollControls(moves: GameMoves): RollControls {
  const { game, state, dice, busy, isPlayer } = moves;
  const lock = useLock(ROLL_LOCK_MS);
  const { held, toggle, setHeld } = useHeldDice(game.id, game.rollCount);
  const button = useRef<HTMLButtonElement>(null);
  const view = rollView(state, moves.may.roll, held);
  const waiting = busy || lock.locked;
  return {
    view,
    held,
    setHeld,
    waiting,
    button,
    roll: () => {
      if (!view.enabled || waiting || lock.isLocked()) return;
      lock.lock();
      const indices = diceToRoll(state.rollCount, held, state.rules.dice);
      dice.begin(indices);
      moves.send({ type: 'ROLL', diceToRoll: indices }, { onError: dice.cancel });
    },
    toggleDie: (index) => {
      // Key 6 in a five-dice game holds nothing.
      if (!isPlayer || !view.canHold || busy || index >= state.rules.dice) return;
      toggle(index);
    },
  };
}
