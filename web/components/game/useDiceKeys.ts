import { useEffect, useRef } from 'react';
import { isTyping } from './isTyping';

/**
 * Keys 1-6 hold a die (a key past the game's dice holds nothing), R rolls, H asks for a hint (where one is offered), while `enabled` (the player's own
 * game); never while typing or with a dialog open. The handlers may change on every render: the latest
 * ones answer.
 */
export function useDiceKeys(
  enabled: boolean,
  handlers: { toggle: (index: number) => void; roll: () => void; hint: (() => void) | null },
) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      if (/^[1-6]$/.test(event.key)) {
        event.preventDefault();
        latest.current.toggle(Number(event.key) - 1);
      } else if (event.key === 'r' || event.key === 'R') {
        event.preventDefault();
        latest.current.roll();
      } else if ((event.key === 'h' || event.key === 'H') && latest.current.hint) {
        event.preventDefault();
        latest.current.hint();
      }
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
