import {
  Component,
  type ComponentType,
  type ReactNode,
  startTransition,
  Suspense,
  useLayoutEffect,
  useState,
} from 'react';
import {
  createPath,
  type Location,
  type Navigator,
  Outlet,
  Route,
  Router,
  Routes,
  type To,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useLocation,
} from 'react-router';
import { Layout } from './components/Layout';
import { onDemand } from './components/onDemand';
import { RouteError } from './components/RouteError';
import Play from './routes/Play';

// Declarative routing (<Router> and <Routes>) rather than a data router: the app has no loaders or actions,
// and createBrowserRouter's machinery for them is ~16 kB of the first load (gzipped) that nothing used.

const history = createBrowserHistory({ v5Compat: true });

/** Whether `to` is the address the tab is at now. */
const isHere = (to: To) => createPath(history.createURL(to)) === createPath(history.location);

/**
 * The router's navigator, with one difference from the browser history's: a push to the address the tab
 * is already at replaces it. Declarative routing gives useNavigate a new function at every address (the
 * data router's never changed), so an effect that navigates and names navigate among its dependencies
 * (the quick match opening its clash) runs again once it has arrived; that second run adds no entry.
 */
const navigator: Navigator = {
  createHref: (to) => history.createHref(to),
  createURL: (to) => history.createURL(to),
  encodeLocation: (to) => history.encodeLocation(to),
  go: (delta) => history.go(delta),
  push: (to, state) => (isHere(to) ? history.replace(to, state) : history.push(to, state)),
  replace: (to, state) => history.replace(to, state),
};

/**
 * The address bar as the app's location (what <BrowserRouter> does, with the navigator above). A change is
 * a transition: while the next screen's chunk loads, the current screen stays on screen.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen((update) => {
        // Another screen opens at its top (a new table game from the hub's form far down the page); the same
        // screen with other search parameters (a list's next page) and the back button keep their place.
        if (
          update.action === 'PUSH' &&
          update.location.pathname !== state.location.pathname &&
          !update.location.hash
        )
          window.scrollTo(0, 0);
        startTransition(() => setState(update));
      }),
    [state.location.pathname],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}

/**
 * What a failed render shows in place of its part of the tree: the error page, until the next navigation
 * (a new location clears it, as the data router's errorElement did).
 */
class RouteBoundary extends Component<
  { page?: boolean; location: Location; children: ReactNode },
  { failed: boolean; error: unknown; location: Location }
> {
  override state = { failed: false, error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: { location: Location }) {
    return props.location === state.location
      ? null
      : { failed: false, error: undefined, location: props.location };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RouteError page={this.props.page} error={this.state.error} />;
  }
}

function Boundary({ page, children }: { page?: boolean; children: ReactNode }) {
  return (
    <RouteBoundary page={page} location={useLocation()}>
      {children}
    </RouteBoundary>
  );
}

/** A screen's module (its default export), fetched when the screen is first shown. */
const screen = (load: () => Promise<{ default: ComponentType }>) =>
  onDemand(() => load().then((module) => module.default));

/**
 * Every screen of SPEC section 2 but play (`/`, in the first load): each a chunk of its own, loaded when
 * first shown, so it adds nothing to the first load of `/`.
 */
const SCREENS: [path: string, Screen: ComponentType][] = [
  ['/login', screen(() => import('./routes/Login'))],
  ['/register', screen(() => import('./routes/Register'))],
  ['/forgot-password', screen(() => import('./routes/ForgotPassword'))],
  ['/email-verification', screen(() => import('./routes/EmailVerification'))],
  ['/password-reset', screen(() => import('./routes/PasswordReset'))],
  ['/about', screen(() => import('./routes/About'))],
  ['/games', screen(() => import('./routes/Games'))],
  ['/games/:id', screen(() => import('./routes/Game'))],
  ['/games/:id/replay', screen(() => import('./routes/Replay'))],
  ['/players', screen(() => import('./routes/Players'))],
  ['/players/:id', screen(() => import('./routes/Player'))],
  ['/scores', screen(() => import('./routes/Scores'))],
  ['/scores/:id', screen(() => import('./routes/Score'))],
  ['/daily', screen(() => import('./routes/Daily'))],
  ['/puzzles', screen(() => import('./routes/Puzzles'))],
  ['/clashes', screen(() => import('./routes/Clashes'))],
  ['/friends', screen(() => import('./routes/Friends'))],
  ['/clashes/:id', screen(() => import('./routes/Clash'))],
  ['/challenges/:code', screen(() => import('./routes/Challenge'))],
  ['/profile', screen(() => import('./routes/Profile'))],
  ['/rankings', screen(() => import('./routes/Rankings'))],
  ['/settings', screen(() => import('./routes/Settings'))],
  ['/admin', screen(() => import('./routes/Admin'))],
  ['/logs', screen(() => import('./routes/Logs'))],
  ['/logs/:id', screen(() => import('./routes/Log'))],
  ['/tickets', screen(() => import('./routes/Tickets'))],
  ['/tickets/:id', screen(() => import('./routes/Ticket'))],
  ['/table', screen(() => import('./routes/Table'))],
  ['/table/:id', screen(() => import('./routes/TableGame'))],
];

// An unknown address gets the full error page (no shell); a screen that throws gets the error page inside
// the shell, the navigation around it; the shell itself throwing gets the full page. While a screen's chunk
// loads on a first visit to it the main area stays empty (a navigation keeps the last screen meanwhile).
export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <Boundary page>
            <Layout />
          </Boundary>
        }
      >
        <Route
          element={
            <Boundary>
              <Suspense>
                <Outlet />
              </Suspense>
            </Boundary>
          }
        >
          <Route path="/" element={<Play />} />
          {SCREENS.map(([path, Screen]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
        </Route>
      </Route>
      <Route path="*" element={<RouteError page notFound />} />
    </Routes>
  );
}
