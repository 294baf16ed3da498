import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from './useModalDialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  /** Defaults to "Yes". */
  confirmLabel?: string;
  /** Defaults to "No". */
  cancelLabel?: string;
  /** Styles the confirm button as a destructive action (delete, sign out). */
  danger?: boolean;
  onConfirm: () => void;
  /** Called for the cancel button and for Escape. */
  onCancel: () => void;
}

/**
 * A yes/no question in a modal <dialog> (see useModalDialog). The parent owns `open`; the dialog never
 * closes itself.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  // "No" takes the focus: Enter right after opening must not confirm something irreversible.
  const dialog = useModalDialog(open, onCancel, cancel);
  const titleId = useId();
  const messageId = useId();

  return (
    <dialog
      {...dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
    >
      <h2 id={titleId} className="confirm-dialog-title">
        {title}
      </h2>
      {message ? (
        <div id={messageId} className="confirm-dialog-message">
          {message}
        </div>
      ) : null}
      <div className="confirm-dialog-actions">
        <button ref={cancel} type="button" className="button" onClick={onCancel}>
          {cancelLabel ?? t('confirm.no')}
        </button>
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button button-primary'}
          onClick={onConfirm}
        >
          {confirmLabel ?? t('confirm.yes')}
        </button>
      </div>
    </dialog>
  );
}
