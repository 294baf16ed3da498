import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { Layout } from './components/Layout';
import { RouteError } from './components/RouteError';
import Play from './routes/Play';

/** A screen loaded on demand (its own chunk), so it adds nothing to the first load of `/`. */
const lazy = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// Every screen of SPEC section 2; only play (`/`) is in the first load, every other screen is loaded on demand. The outer errorElement catches unknown routes (a full page); the inner,
// pathless one catches a screen that throws while keeping the navigation around it.
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError page />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <Play /> },
          { path: '/login', lazy: lazy(() => import('./routes/Login')) },
          { path: '/register', lazy: lazy(() => import('./routes/Register')) },
          { path: '/forgot-password', lazy: lazy(() => import('./routes/ForgotPassword')) },
          { path: '/email-verification', lazy: lazy(() => import('./routes/EmailVerification')) },
          { path: '/password-reset', lazy: lazy(() => import('./routes/PasswordReset')) },
          { path: '/about', lazy: lazy(() => import('./routes/About')) },
          { path: '/games', lazy: lazy(() => import('./routes/Games')) },
          { path: '/games/:id', lazy: lazy(() => import('./routes/Game')) },
          { path: '/players', lazy: lazy(() => import('./routes/Players')) },
          { path: '/players/:id', lazy: lazy(() => import('./routes/Player')) },
          { path: '/scores', lazy: lazy(() => import('./routes/Scores')) },
          { path: '/scores/:id', lazy: lazy(() => import('./routes/Score')) },
          { path: '/daily', lazy: lazy(() => import('./routes/Daily')) },
          { path: '/clashes', lazy: lazy(() => import('./routes/Clashes')) },
          { path: '/clashes/:id', lazy: lazy(() => import('./routes/Clash')) },
          { path: '/profile', lazy: lazy(() => import('./routes/Profile')) },
          { path: '/rankings', lazy: lazy(() => import('./routes/Rankings')) },
          { path: '/settings', lazy: lazy(() => import('./routes/Settings')) },
          { path: '/admin', lazy: lazy(() => import('./routes/Admin')) },
          { path: '/logs', lazy: lazy(() => import('./routes/Logs')) },
          { path: '/logs/:id', lazy: lazy(() => import('./routes/Log')) },
          { path: '/tickets', lazy: lazy(() => import('./routes/Tickets')) },
          { path: '/tickets/:id', lazy: lazy(() => import('./routes/Ticket')) },
        ],
      },
    ],
  },
]);
