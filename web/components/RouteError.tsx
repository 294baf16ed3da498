import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { DieFace } from './DieFace';
import { useTitle } from './useTitle';

/**
 * The router's error page: an unknown route (404) or an error thrown while rendering a screen.
 * `page` when it replaces the whole shell (then it is the page's main landmark).
 */
export function RouteError({ page = false }: { page?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The tab names a missing page plainly; the heading keeps SPEC section 2's wording for every routing error.
  useTitle(t(notFound ? 'errorPage.notFoundTitle' : 'errorPage.routeTitle'));

  let detail: string;
  if (isRouteErrorResponse(error)) {
    detail =
      error.status === 404
        ? t('errorPage.notFound', { path: pathname })
        : `${error.status} ${error.statusText}`.trim();
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
