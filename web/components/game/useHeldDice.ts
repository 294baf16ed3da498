import { useCallback, useEffect, useState } from 'react';

/**
 * The dice the player holds (toggled one by one, or set at once by a hint). A new turn starts with every
 * die free, and so does another game.
 */
export function useHeldDice(gameId: number, rollCount: number) {
  const [held, setHeld] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (rollCount === 0) setHeld(new Set());
  }, [rollCount]);
  // Another game (the next one after "New game") starts with every die free.
  useEffect(() => {
    setHeld(new Set());
  }, [gameId]);
  const toggle = useCallback((index: number) => {
    setHeld((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }, []);
  return { held, toggle, setHeld };
}
