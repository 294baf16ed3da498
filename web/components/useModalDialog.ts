import { type RefObject, type SyntheticEvent, useEffect, useRef } from 'react';

/**
 * A modal <dialog> that the parent opens and closes through `open`: showModal() gives the focus trap,
 * the inert page behind and Escape for free. Escape is handed to `onEscape` instead of letting the
 * browser close the dialog behind the parent's back. `initialFocus` takes the focus on opening.
 * Spread the returned props on the <dialog>.
 */
export function useModalDialog(
  open: boolean,
  onEscape: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      initialFocus?.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, initialFocus]);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onEscape();
  };
  return { ref, onCancel };
}
