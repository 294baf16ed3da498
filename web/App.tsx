import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ApiError, isOffline } from './api/client';
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
      // A 4xx will not change by asking again, nor will being offline; anything else gets one more try.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        !isOffline(error) &&
        failures < 1,
      // Offline (issue 28) a query is sent anyway and fails at once with the client's "You are offline"
      // (react-query's default would pause it, and its screen would spin until the connection is back);
      // back online, what failed is fetched again (networkMode 'always' alone would turn that off).
      networkMode: 'always',
      refetchOnReconnect: true,
    },
    // A button's call likewise says it cannot be done offline instead of waiting without a word.
    mutations: { networkMode: 'always' },
  },
});

// react-query takes the browser for online until an `offline` event: a page opened offline (issue 28) says
// so, so that the `online` event refetches what failed meanwhile.
onlineManager.setOnline(navigator.onLine);

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
