import { useCallback, useEffect, useRef, useState } from 'react';

/** A lock for `ms` after `lock()`; checked through a ref, so two clicks in one frame are caught too. */
export function useLock(ms: number) {
  const until = useRef(0);
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const lock = useCallback(() => {
    until.current = Date.now() + ms;
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), ms);
  }, [ms]);
  const isLocked = useCallback(() => Date.now() < until.current, []);
  return { locked, lock, isLocked };
}
