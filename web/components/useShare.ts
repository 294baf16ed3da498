import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

/** What is shared: a line of text and the link it is about (and a title, where the share sheet shows one). */
export interface ShareContent {
  title?: string;
  text: string;
  url: string;
}

/**
 * The one way the app shares (the site, a finished game's score, the daily result): the browser's share
 * sheet where it has one; elsewhere the text and its link are copied to the clipboard and a toast says so,
 * or, where the clipboard is refused too, the toast shows the link to share by hand.
 */
export function useShare(): (content: ShareContent) => Promise<void> {
  const { t } = useTranslation();
  return useCallback(
    async ({ title, text, url }: ShareContent) => {
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title, text, url });
          return;
        } catch (error) {
          // The player closed the sheet: nothing to report. Any other refusal falls back to the clipboard.
          if (error instanceof DOMException && error.name === 'AbortError') return;
        }
      }
      try {
        await navigator.clipboard.writeText(`${text}\n${url}`);
        toast.success(t('app.share.copied'));
      } catch {
        toast(t('app.share.copyFailed', { url }));
      }
    },
    [t],
  );
}
