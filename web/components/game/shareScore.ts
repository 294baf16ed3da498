import { toastError } from '../Toasts';

/** Shares a score through the browser's share sheet, or shows it in an alert where the browser cannot share. */
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

/**
 * Copies `text` to the clipboard; false where the browser refuses (no clipboard, an insecure page, a
 * denied permission), so the caller can show the text to be selected by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
