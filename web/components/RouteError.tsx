import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DieFace } from './DieFace';
import { useTitle } from './useTitle';

/** How browsers word a lazy screen's chunk that is gone (a new build was deployed under an open tab). */
const STALE_CHUNK = /dynamically imported module|Importing a module script failed/i;
const RELOADED_AT_KEY = 'yamb-stale-chunk-reload';
const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * True when the error is a screen's chunk that no longer exists and the tab has not just reloaded for
 * that: one reload fetches the new build's index and chunks; a second failure in a row is shown.
 */
export function reloadsForStaleChunk(error: unknown, lastReloadAt: number | null, now: number): boolean {
  if (!(error instanceof Error) || !STALE_CHUNK.test(error.message)) return false;
  return lastReloadAt === null || now - lastReloadAt > RELOAD_AGAIN_AFTER_MS;
}

function lastReload(): number | null {
  try {
    const value = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * The router's error page: an unknown route (404, `notFound`) or an error thrown while rendering a screen.
 * `page` when it replaces the whole shell (then it is the page's main landmark).
 */
export function RouteError({
  page = false,
  notFound = false,
  error,
}: {
  page?: boolean;
  notFound?: boolean;
  error?: unknown;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!reloadsForStaleChunk(error, lastReload(), Date.now())) return;
    try {
      sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    } catch {
      return; // Without a note of it, a reload could repeat forever.
    }
    window.location.reload();
  }, [error]);
  // The tab names a missing page plainly; the heading keeps SPEC section 2's wording for every routing error.
  useTitle(t(notFound ? 'errorPage.notFoundTitle' : 'errorPage.routeTitle'));

  let detail: string;
  if (notFound) {
    detail = t('errorPage.notFound', { path: pathname });
  } else if (error instanceof Error) {
    console.error(error);
    detail = error.message;
  } else {
    detail = String(error);
  }

  const Wrapper = page ? 'main' : 'section';
  return (
    <Wrapper className="error-page">
      <DieFace value={1} size={64} />
      <h1>{t('errorPage.routeTitle')}</h1>
      <p className="error-detail">{detail}</p>
      <Link className="button button-primary" to="/">
        {t('errorPage.home')}
      </Link>
    </Wrapper>
  );
}
