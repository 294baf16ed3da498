import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from './api/client';
import { SessionProvider } from './api/session';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Toasts, toastError, toastSignedOut } from './components/Toasts';
import i18n from './i18n';
import { LayoutProvider } from './layout';
import { PreferencesProvider } from './preferences';
import { AppRouter, AppRoutes } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // SPEC section 9: query data is fresh for 60 s and cached for 5 min.
      staleTime: 60_000,
      gcTime: 5 * 60_000,
      // A 4xx will not change by asking again; anything else gets one more try.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
    },
  },
});

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <PreferencesProvider>
            <SessionProvider onError={toastError} onSignedOut={toastSignedOut}>
              <LayoutProvider>
                <Toasts />
                <AppRouter>
                  <AppRoutes />
                </AppRouter>
              </LayoutProvider>
            </SessionProvider>
          </PreferencesProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
