import { useMediaQuery } from '../../layout';
import { type DiceSpeed, usePreferences } from '../../preferences';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user asks for reduced motion, kept current when the setting changes. */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION);
}

/** The roll animation to play: the player's dice speed, or none under prefers-reduced-motion. */
export function useDiceSpeed(): DiceSpeed {
  const { diceSpeed } = usePreferences();
  return useReducedMotion() ? 'off' : diceSpeed;
}
