import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { errorMessage } from '../api/client';

/** SPEC section 9: at most 5 toasts at once. */
export const MAX_TOASTS = 5;

/** The generic error handler of SPEC section 8: the server's message, else the error's own. */
export function toastError(error: unknown): void {
  console.error(error);
  toast.error(errorMessage(error));
}

/**
 * Why the tab was signed out (web/api/session.tsx): a change the player did not make, so it stays longer
 * than a toast's 3 s, and only once however many of the tab's calls and sockets met the ended session.
 */
export function toastSignedOut(why: string): void {
  toast.error(why, { id: 'signed-out', duration: 10_000 });
}

/** Top-center, 3 s, coloured from the theme's CSS variables so they follow data-theme. */
export function Toasts() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    // The store keeps the newest first: everything past the fifth visible one is the oldest.
    toasts
      .filter((t) => t.visible)
      .slice(MAX_TOASTS)
      .forEach((t) => {
        toast.dismiss(t.id);
      });
  }, [toasts]);

  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: 3000,
        className: 'toast',
        style: {
          background: 'var(--surface-raised)',
          color: 'var(--text)',
          border: '1px solid var(--border)',
          boxShadow: 'var(--shadow)',
        },
        success: { iconTheme: { primary: 'var(--success)', secondary: 'var(--surface-raised)' } },
        error: { iconTheme: { primary: 'var(--danger)', secondary: 'var(--surface-raised)' } },
      }}
    />
  );
}
