import { type RefObject, useEffect, useState } from 'react';

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
