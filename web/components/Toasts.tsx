import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { ApiError, errorMessage, SESSION_ENDINGS } from '../api/client';
import { useMediaQuery } from '../layout';

/** SPEC section 9: at most 5 toasts at once. */
export const MAX_TOASTS = 5;
/** A sideways phone has room for two above what it shows. */
export const MAX_TOASTS_SHORT = 2;
const SHORT_SCREEN = '(max-height: 500px)';
/** Where the page's content starts at the left (the title), the corner on the right is free. */
const WIDE_SCREEN = '(min-width: 1024px)';

/** The generic error handler of SPEC section 8: the server's message, else the error's own. */
export function toastError(error: unknown): void {
  console.error(error);
  // The call met a session the server ended: the session says so once (toastSignedOut); the call's own
  // failure, in the same words, joins that toast rather than standing beside it.
  if (error instanceof ApiError && SESSION_ENDINGS.has(error.key)) return toastSignedOut(errorMessage(error));
  toast.error(errorMessage(error));
}

/**
 * Why the tab was signed out (web/api/session.tsx): a change the player did not make, so it stays longer
 * than a toast's 3 s, and only once however many of the tab's calls and sockets met the ended session.
 */
export function toastSignedOut(why: string): void {
  toast.error(why, { id: 'signed-out', duration: 10_000 });
}

/**
 * 3 s, coloured from the theme's CSS variables so they follow data-theme. Top-center (SPEC section 9) on a
 * phone or tablet; top-right on a wide screen, where the top centre is a page's title. At most 5 at once,
 * 2 on a sideways phone.
 */
export function Toasts() {
  const { toasts } = useToasterStore();
  const short = useMediaQuery(SHORT_SCREEN);
  const wide = useMediaQuery(WIDE_SCREEN);
  const most = short ? MAX_TOASTS_SHORT : MAX_TOASTS;

  useEffect(() => {
    // The store keeps the newest first: everything past the last one allowed is the oldest.
    toasts
      .filter((t) => t.visible)
      .slice(most)
      .forEach((t) => {
        toast.dismiss(t.id);
      });
  }, [toasts, most]);

  return (
    <Toaster
      position={wide ? 'top-right' : 'top-center'}
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
