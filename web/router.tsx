import { createBrowserRouter } from 'react-router';
import { Layout } from './components/Layout';
import { RouteError } from './components/RouteError';
import About from './routes/About';
import Admin from './routes/Admin';
import Clash from './routes/Clash';
import Clashes from './routes/Clashes';
import EmailVerification from './routes/EmailVerification';
import ForgotPassword from './routes/ForgotPassword';
import Game from './routes/Game';
import Games from './routes/Games';
import Log from './routes/Log';
import Login from './routes/Login';
import Logs from './routes/Logs';
import PasswordReset from './routes/PasswordReset';
import Play from './routes/Play';
import Player from './routes/Player';
import Players from './routes/Players';
import Profile from './routes/Profile';
import Rankings from './routes/Rankings';
import Register from './routes/Register';
import Score from './routes/Score';
import Scores from './routes/Scores';
import Settings from './routes/Settings';
import Ticket from './routes/Ticket';
import Tickets from './routes/Tickets';

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
          { path: '/about', element: <About /> },
          { path: '/games', element: <Games /> },
          { path: '/games/:id', element: <Game /> },
          { path: '/players', element: <Players /> },
          { path: '/players/:id', element: <Player /> },
          { path: '/scores', element: <Scores /> },
          { path: '/scores/:id', element: <Score /> },
          { path: '/clashes', element: <Clashes /> },
          { path: '/clashes/:id', element: <Clash /> },
          { path: '/profile', element: <Profile /> },
          { path: '/rankings', element: <Rankings /> },
          { path: '/settings', element: <Settings /> },
          { path: '/admin', element: <Admin /> },
          { path: '/logs', element: <Logs /> },
          { path: '/logs/:id', element: <Log /> },
          { path: '/tickets', element: <Tickets /> },
          { path: '/tickets/:id', element: <Ticket /> },
        ],
      },
    ],
  },
]);
