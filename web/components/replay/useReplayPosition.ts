import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ReplayFrame } from '../../../game/replay';
import { isTyping } from '../game/isTyping';
import { momentIndex, momentParams } from './moveText';

export interface ReplayPosition {
  index: number;
  last: number;
  /** Shows moment `index` (kept within the replay); the address follows, replaced, so any moment can be linked. */
  go: (index: number) => void;
}

/**
 * The moment shown, held in the address (`?turn=17&roll=2`): opening a link shows its moment, and each step
 * replaces the address rather than adding to the history, so Back leaves the replay. ← and → step anywhere
 * on the page but in a field (the slider steps itself with them).
 */
export function useReplayPosition(frames: readonly ReplayFrame[]): ReplayPosition {
  const [params, setParams] = useSearchParams();
  const last = Math.max(0, frames.length - 1);
  const index = Math.min(momentIndex(frames, params), last);
  // The keys read the moment through a ref set while rendering: a key pressed after the page shows a moment
  // but before the effect below has listened again would otherwise step from the moment before it.
  const shown = useRef(index);
  shown.current = index;
  const go = (to: number) =>
    setParams(momentParams(frames, Math.min(Math.max(to, 0), last)), {
      replace: true,
      preventScrollReset: true,
    });

  useEffect(() => {
    const steps: Record<string, (at: number) => number> = {
      ArrowLeft: (at) => at - 1,
      ArrowRight: (at) => at + 1,
    };
    const onKey = (event: KeyboardEvent) => {
      const step = steps[event.key];
      if (!step || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      event.preventDefault();
      const to = Math.min(Math.max(step(shown.current), 0), last);
      if (to === shown.current) return;
      // Two keys before the next render step twice.
      shown.current = to;
      setParams(momentParams(frames, to), { replace: true, preventScrollReset: true });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [frames, last, setParams]);

  return { index, last, go };
}
