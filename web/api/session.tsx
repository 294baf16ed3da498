import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { guestName } from '../../contract/guestName';
import { readStorage, removeStorage, STORAGE_KEYS } from '../storage';
import { ApiError, api, isOffline, onSessionEnded, SESSION_ENDINGS } from './client';
import { PLAY_PATH, storeCurrentGame } from './games';
import { humanCheckToken, rememberHumanCheck } from './humanCheck';
import { databaseDown, lastPlayer, rememberPlayer } from './outage';
import { useServerPreferences } from './serverPreferences';
import i18n from '../i18n';
import type { ErrorBody } from '../../contract/errors';
import type { GameResource } from '../../contract/games';
import { CURRENT_GAME_EMBED } from '../../contract/embeds';
import type { GuestResource, PlayerResource, SessionResource } from '../../contract/players';

/** SPEC section 9: guest registration is tried 3 times, 1000 ms apart. */
export const GUEST_ATTEMPTS = 3;
export const GUEST_RETRY_MS = 1000;

export interface SessionValue {
  /** The current player; null while loading or when even a guest could not be registered. */
  player: PlayerResource | null;
  /** True until the session start has finished (the loading die is shown meanwhile). */
  loading: boolean;
  /** Fetches the current player again (after a profile change, a password reset, a sign-in). */
  reload: () => Promise<PlayerResource | null>;
  /** Replaces the current player with one a call already returned (sign-in, migrate). */
  setPlayer: (player: PlayerResource | null) => void;
  /** Ends the session and continues as a new guest. The caller navigates (to /login). */
  logout: () => Promise<void>;
  /**
   * A live socket was closed by the server because the player's access ended (ACCESS_ENDED): a sign-out
   * or a password change elsewhere, or a ban. The session is renewed when it still can be (another
   * device's sign-out); otherwise the tab is signed out like the sign-out button does, and told why.
   */
  accessEnded: () => void;
}

/** The close code of a socket whose player's access ended (the server's worker/lib/viewer.ts ACCESS_ENDED). */
export const ACCESS_ENDED = 4001;
/**
 * How long after such a close the session is checked. A password change in this very tab closes its
 * sockets before its answer brings the new cookies; checking with the old ones would present a revoked
 * refresh token, which the server takes for a stolen one.
 */
const ACCESS_CHECK_DELAY_MS = 2000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const signOutListeners = new Set<() => void>();

/**
 * Runs `listener` at the start of every sign-out, before the session ends on the server: the live
 * connection deactivates itself here (SPEC section 4), so it never reconnects with a dead session.
 * Returns the function that removes the listener.
 */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => {
    signOutListeners.delete(listener);
  };
}

function notifySignOut(): void {
  for (const listener of signOutListeners) {
    try {
      listener();
    } catch (error) {
      // One broken listener must not keep the user signed in.
      console.error(error);
    }
  }
}

/** Takes the current game a session answer embedded: the play screen's cache (api/games.ts). */
type SeedGame = (game: GameResource) => void;

/**
 * The query that asks a session answer to embed the current game: the play screen's start asks for it,
 * so its roll waits on no request of its own (issue 26: one round trip for a returning player, two for
 * a new visitor). Other screens do not need the game and do not make the server fetch it.
 */
const embedQuery = (seed: SeedGame | undefined) => (seed ? `?embed=${CURRENT_GAME_EMBED}` : '');

async function registerGuest(seed?: SeedGame): Promise<PlayerResource | null> {
  for (let attempt = 1; attempt <= GUEST_ATTEMPTS; attempt++) {
    try {
      const { _embedded: embedded, ...guest } = await api<GuestResource>(
        `/auth/register-guest${embedQuery(seed)}`,
        {
          method: 'POST',
          headers: { 'X-Recaptcha-Token': await humanCheckToken('register') },
          body: { username: guestName((n) => Math.floor(Math.random() * n)) },
        },
      );
      if (embedded?.currentGame) seed?.(embedded.currentGame);
      return guest;
    } catch (error) {
      if (attempt === GUEST_ATTEMPTS) {
        // SPEC section 4: a failed guest registration is only logged; the visitor can still browse.
        console.error('Guest registration failed', error);
        return null;
      }
      await wait(GUEST_RETRY_MS);
    }
  }
  return null;
}

const signedOut = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 401);

/** Ends the session on the server; a session that is already gone there is not an error. */
async function endSession(onError: (error: unknown) => void): Promise<void> {
  try {
    await api<void>('/auth/logout', { method: 'POST' });
  } catch (error) {
    if (!signedOut(error)) onError(error);
  }
}

/**
 * SPEC section 4 "Session start": migrate a legacy token, else the current player (the session probe),
 * else a new guest; a 400 or 401 on either is a logout (stale cookies are cleared) followed by a new
 * guest. Unlike the sign-out button it does not go to /login: a visitor who opens a link from a mail
 * stays on that page.
 */
async function startSession(
  onError: (error: unknown) => void,
  onSignedOut: (why: string) => void,
  seed: SeedGame | undefined,
): Promise<PlayerResource | null> {
  const legacy = readStorage(STORAGE_KEYS.legacyToken);
  try {
    if (legacy) {
      // Removed first: a token the server refuses must not be retried on every visit.
      removeStorage(STORAGE_KEYS.legacyToken);
      return await api<PlayerResource>('/auth/migrate', {
        method: 'POST',
        headers: { Authorization: `Bearer ${legacy}` },
      });
    }
  } catch (error) {
    if (!signedOut(error)) throw error;
    await endSession(onError);
    return registerGuest();
  }
  try {
    // The probe answers 200 with no player to a visitor without a session (DESIGN.md "First visit"): no
    // failed request is logged; an expired access token is still a 401 that client.ts refreshes.
    const probe = await api<SessionResource>(`/auth/session${embedQuery(seed)}`);
    if (probe.player) {
      if (probe._embedded?.currentGame) seed?.(probe._embedded.currentGame);
      return probe.player;
    }
    // The probe said whether the human check is on: the registration needs no GET /api/health first.
    if (probe.humanCheck) rememberHumanCheck(probe.humanCheck, probe.turnstileSiteKey);
    return await registerGuest(seed);
  } catch (error) {
    // D1 down: the player this tab had goes on (api/outage.ts); the rooms still check every move.
    const known = databaseDown(error) ? lastPlayer() : null;
    if (known) return known;
    if (!sessionRefused(error)) throw error;
    // The tab had a session the server ended (and would not renew): the player is told, not just
    // handed a new guest's name.
    onSignedOut(endedMessage(error));
    await endSession(onError);
    return registerGuest();
  }
}

/** Why the tab was signed out: a ban with its reason, the ending the server names, else the session's end. */
function endedMessage(error: ApiError): string {
  const { reason } = (error.body ?? {}) as Partial<ErrorBody>;
  if (error.key === 'player-banned') return reason ? i18n.t('app.errors.banned', { reason }) : error.message;
  // The server's own words, in the tab's language (the `errors` strings are not in the first load).
  if (SESSION_ENDINGS.has(error.key)) return error.message;
  return i18n.t('app.errors.sessionEnded');
}

/** A refusal that means the session is over: not signed in (any more), or banned. */
const sessionRefused = (error: unknown): error is ApiError =>
  signedOut(error) || (error instanceof ApiError && error.key === 'player-banned');

const SessionContext = createContext<SessionValue | null>(null);

export interface SessionProviderProps {
  children: ReactNode;
  /** Tells the user about a failure the session cannot handle itself (the app passes its error toast). */
  onError: (error: unknown) => void;
  /** Tells the player they were signed out, and why (the app passes a toast that stays a while). */
  onSignedOut: (why: string) => void;
}

/**
 * Starts the session once (StrictMode runs effects twice in development; two starts would register two
 * guests). `loaded` turns true once it has finished: the refusals it meets until then are its own.
 */
function useSessionStart(
  report: RefObject<(error: unknown) => void>,
  tell: RefObject<(why: string) => void>,
  setPlayer: (player: PlayerResource | null) => void,
) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(true);
  const started = useRef(false);
  const loaded = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const start = () => {
      // On the play screen the session answers bring the player's game too, into the cache its query reads.
      const onPlayScreen = window.location.pathname === PLAY_PATH;
      startSession(
        report.current,
        tell.current,
        onPlayScreen ? (game) => storeCurrentGame(queryClient, game) : undefined,
      )
        .then(setPlayer)
        .catch((error: unknown) => {
          // Offline (issue 28): the app opens without a player (the banner says why, practice games work)
          // and starts the session again once the connection is back.
          if (!isOffline(error)) return report.current(error);
          window.addEventListener('online', start, { once: true });
        })
        .finally(() => {
          loaded.current = true;
          setLoading(false);
        });
    };
    start();
  }, [queryClient, report, tell, setPlayer]);
  return { loading, loaded };
}

/**
 * Keeps the tab's player for a reload during a D1 outage (api/outage.ts), and empties the cache when
 * another account signs in over the previous one (sign-in, a password reset link): nothing cached for
 * the previous player may show. Sign-out clears the cache itself and forgets the id it returns.
 */
function usePlayerMemory(player: PlayerResource | null): RefObject<number | null> {
  const queryClient = useQueryClient();
  const previousId = useRef<number | null>(null);
  useEffect(() => {
    if (player) rememberPlayer(player);
  }, [player]);
  useEffect(() => {
    const id = player?.id ?? null;
    if (previousId.current !== null && id !== null && id !== previousId.current)
      void queryClient.resetQueries();
    if (id !== null) previousId.current = id;
  }, [player?.id, queryClient]);
  return previousId;
}

/** When every socket of the tab closes at once for an ended access, one check answers them all. */
function useAccessCheck(signOutBecause: (error: ApiError) => Promise<void>): () => void {
  const ending = useRef<Promise<void> | null>(null);
  return useCallback(() => {
    ending.current ??= (async () => {
      await wait(ACCESS_CHECK_DELAY_MS);
      try {
        // A 401 is refreshed by the client first: only a session that cannot be renewed fails here.
        await api<PlayerResource>('/players/me');
      } catch (error) {
        if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) return;
        await signOutBecause(error);
      }
    })().finally(() => {
      ending.current = null;
    });
  }, [signOutBecause]);
}

export function SessionProvider({ children, onError, onSignedOut }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const report = useRef(onError);
  report.current = onError;
  const tell = useRef(onSignedOut);
  tell.current = onSignedOut;
  const [player, setPlayer] = useState<PlayerResource | null>(null);
  useServerPreferences(player, onError);
  const previousId = usePlayerMemory(player);

  const { loading, loaded } = useSessionStart(report, tell, setPlayer);

  const reload = useCallback(async () => {
    try {
      const me = await api<PlayerResource>('/players/me');
      setPlayer(me);
      return me;
    } catch (error) {
      report.current(error);
      return null;
    }
  }, []);

  /** SPEC section 4 "Logout": live connection off, session ended, user cleared, a new guest. */
  const logout = useCallback(async () => {
    notifySignOut();
    // The session may be gone on the server already; signing out locally must still happen.
    await endSession(report.current);
    previousId.current = null;
    rememberPlayer(null);
    setPlayer(null);
    // Nothing fetched for the previous player may show for the next one.
    queryClient.clear();
    setPlayer(await registerGuest());
  }, [queryClient, previousId]);

  // The tab is signed out once, and told why once, however many of its calls and sockets met the end.
  const signingOut = useRef(false);
  const signOutBecause = useCallback(
    async (error: ApiError) => {
      if (signingOut.current) return;
      signingOut.current = true;
      try {
        tell.current(endedMessage(error));
        await logout();
      } finally {
        signingOut.current = false;
      }
    },
    [logout],
  );

  // Any call of the tab whose refresh the server refused for good (a password changed elsewhere, a ban,
  // an expired session) signs the tab out, the socket's upgrade check and a button's call alike. While
  // the session starts, startSession answers that refusal itself.
  useEffect(
    () =>
      onSessionEnded((error) => {
        if (!loaded.current) return;
        void signOutBecause(error);
      }),
    [signOutBecause, loaded],
  );

  const accessEnded = useAccessCheck(signOutBecause);

  const value = useMemo(
    () => ({ player, loading, reload, setPlayer, logout, accessEnded }),
    [player, loading, reload, logout, accessEnded],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
