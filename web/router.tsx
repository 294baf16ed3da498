import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { Layout } from './components/Layout';
import { RouteError } from './components/RouteError';
import Clash from './routes/Clash';
import Clashes from './routes/Clashes';
import EmailVerification from './routes/EmailVerification';
import ForgotPassword from './routes/ForgotPassword';
import Game from './routes/Game';
import Login from './routes/Login';
import PasswordReset from './routes/PasswordReset';
import Play from './routes/Play';
import Profile from './routes/Profile';
import Register from './routes/Register';
import Settings from './routes/Settings';

/** A screen loaded on demand (its own chunk), so it adds nothing to the first load of `/`. */
const lazy = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// Every screen of SPEC section 2. The outer errorElement catches unknown routes (a full page); the inner,
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
          { path: '/login', element: <Login /> },
          { path: '/register', element: <Register /> },
          { path: '/forgot-password', element: <ForgotPassword /> },
          { path: '/email-verification', element: <EmailVerification /> },
          { path: '/password-reset', element: <PasswordReset /> },
          { path: '/about', lazy: lazy(() => import('./routes/About')) },
          { path: '/games', lazy: lazy(() => import('./routes/Games')) },
          { path: '/games/:id', element: <Game /> },
          { path: '/players', lazy: lazy(() => import('./routes/Players')) },
          { path: '/players/:id', lazy: lazy(() => import('./routes/Player')) },
          { path: '/scores', lazy: lazy(() => import('./routes/Scores')) },
          { path: '/scores/:id', lazy: lazy(() => import('./routes/Score')) },
          { path: '/daily', lazy: lazy(() => import('./routes/Daily')) },
          { path: '/clashes', element: <Clashes /> },
          { path: '/clashes/:id', element: <Clash /> },
          { path: '/profile', element: <Profile /> },
          { path: '/rankings', lazy: lazy(() => import('./routes/Rankings')) },
          { path: '/settings', element: <Settings /> },
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
