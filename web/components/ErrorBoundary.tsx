import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../i18n';

interface State {
  error: Error | null;
}

/**
 * The fallback screen for uncaught rendering errors (SPEC section 2). Errors inside a route are the
 * router's (see RouteError); this catches what breaks outside it, in the providers.
 * It uses i18n directly rather than a hook: the failing part may be a provider.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="error-page">
        <h1>{i18n.t('errorPage.title')}</h1>
        <p>{i18n.t('errorPage.text')}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {i18n.t('errorPage.refresh')}
        </button>
      </main>
    );
  }
}
