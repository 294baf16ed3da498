import { useEffect, useState } from 'react';
import { type DiceSpeed, usePreferences } from '../../preferences';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user asks for reduced motion, kept current when the setting changes. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(REDUCED_MOTION);
    if (!list) return;
    const update = () => setReduced(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return reduced;
}

/** The roll animation to play: the player's dice speed, or none under prefers-reduced-motion. */
export function useDiceSpeed(): DiceSpeed {
  const { diceSpeed } = usePreferences();
  return useReducedMotion() ? 'off' : diceSpeed;
}
