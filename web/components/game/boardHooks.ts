import { type CSSProperties, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { BoxType, ColumnType } from '../../../game';
import type { GameResource } from '../../api/gameTypes';
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

/** The box the last fill wrote glows for `ms`, whoever filled it (a watcher sees it too). */
export function useFillGlow(game: GameResource, ms: number): { column: ColumnType; box: BoxType } | null {
  const [glow, setGlow] = useState<{ column: ColumnType; box: BoxType } | null>(null);
  const { latestColumnFilled: column, latestBoxFilled: box } = game;
  const fillSignature =
    game.lastAction === 'FILL' && column && box ? `${game.id}:${column}:${box}:${game.updatedAt}` : null;
  const seenFill = useRef(fillSignature);
  useEffect(() => {
    if (fillSignature === seenFill.current) return;
    seenFill.current = fillSignature;
    if (!fillSignature || !column || !box) return;
    setGlow({ column, box });
    const timer = setTimeout(() => setGlow(null), ms);
    return () => clearTimeout(timer);
  }, [fillSignature, column, box, ms]);
  return glow;
}

/** Where the focus goes once a move has landed: the roll button, or the sheet box at a column and row. */
export type FocusTarget = 'roll' | { col: number; row: number };

/**
 * Moves the focus to a target once it can take it: the roll button only when enabled, a sheet box once
 * it is on screen. Returns the function that asks for it.
 */
export function useFocusAfterMove(
  rollButton: RefObject<HTMLButtonElement | null>,
  sheetBox: RefObject<HTMLElement | null>,
): (target: FocusTarget) => void {
  const [target, setTarget] = useState<FocusTarget | null>(null);
  // No dependency list on purpose: the target may only become focusable (enabled) on a later render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!target) return;
    const element =
      target === 'roll'
        ? rollButton.current
        : sheetBox.current?.querySelector<HTMLButtonElement>(
            `button[data-col="${target.col}"][data-row="${target.row}"]`,
          );
    if (!element || element.disabled) return;
    if (document.activeElement !== element) element.focus();
    setTarget(null);
  });
  return setTarget;
}

/**
 * Keys 1-5 hold a die, R rolls, while `enabled` (the player's own game); never while typing or with a
 * dialog open. The handlers may change on every render: the latest ones answer.
 */
export function useDiceKeys(enabled: boolean, handlers: { toggle: (index: number) => void; roll: () => void }) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      if (/^[1-5]$/.test(event.key)) {
        event.preventDefault();
        latest.current.toggle(Number(event.key) - 1);
      } else if (event.key === 'r' || event.key === 'R') {
        event.preventDefault();
        latest.current.roll();
      }
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
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
