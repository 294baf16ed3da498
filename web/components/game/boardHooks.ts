import { type CSSProperties, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '../Toasts';

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

/**
 * On a phone the tray (in its dock) sticks under the sticky navigation bar and the column headers
 * under the dock, so the dice and the column names stay in sight while the sheet scrolls. Their
 * heights vary (the menu, the hint's line count), so they are measured, to the fraction of a pixel:
 * a rounded height leaves a sliver of the sheet showing between two of them.
 */
export function useStickyOffsets(dock: RefObject<HTMLElement | null>) {
  const [offsets, setOffsets] = useState({ nav: 0, dock: 0 });
  useEffect(() => {
    const nav = document.querySelector<HTMLElement>('.nav');
    const measure = () =>
      setOffsets({
        nav: nav?.getBoundingClientRect().height ?? 0,
        dock: dock.current?.getBoundingClientRect().height ?? 0,
      });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    if (nav) observer.observe(nav);
    if (dock.current) observer.observe(dock.current);
    return () => observer.disconnect();
  }, [dock]);
  return { '--nav-h': `${offsets.nav}px`, '--dock-h': `${offsets.dock}px` } as CSSProperties;
}

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export async function shareScore(text: string, url: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ text, url });
    } catch (error) {
      // The user closed the share sheet.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toastError(error);
    }
    return;
  }
  // SPEC section 2: an alert where the browser cannot share.
  window.alert(`${text}\n${url}`);
}
