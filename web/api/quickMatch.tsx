import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
} from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { ClashResource } from '../../contract/clashes';
import { QUICK_MATCH_TURN_SECONDS } from '../../contract/clashRules';
import {
  QUICK_MATCH_HEARTBEAT_MS,
  type QuickMatchSeated,
  type QuickMatchWaiting,
} from '../../contract/quickMatch';
import { storeClash, useCreateClash, useYambBot } from './clashes';
import { api, ApiError, apiUrl, errorMessage } from './client';
import { usePresenceMessages } from './presence';
import { botClashName, IDLE, quickMatchReducer, type QuickMatchState } from './quickMatchState';
import { useSession } from './session';

// "Play someone now" (issue 15): one search per tab, held by <QuickMatchProvider> in the Layout so it goes
// on while the player moves between the app's pages. Joining is POST /api/quick-match, renewed every
// QUICK_MATCH_HEARTBEAT_MS; the match comes as the answer to one of those (200) or as MATCHED on the
// presence channel, whichever is first; the tab then opens the clash at once.

const PATH = '/quick-match';

export interface QuickMatch {
  state: QuickMatchState;
  /** Registered players only; guests are asked to sign up instead. */
  available: boolean;
  join: () => void;
  cancel: () => void;
  keepWaiting: () => void;
  playBot: () => void;
  /** The match has been shown long enough. */
  dismiss: () => void;
}

const QuickMatchContext = createContext<QuickMatch>({
  state: IDLE,
  available: false,
  join: () => undefined,
  cancel: () => undefined,
  keepWaiting: () => undefined,
  playBot: () => undefined,
  dismiss: () => undefined,
});

/**
 * DELETE /api/quick-match with `keepalive`, so it is still sent when the tab is closing (pagehide). It
 * goes around api(): a 401 here must not start a session refresh from a page that is going away.
 */
function leaveQueue(): Promise<void> {
  return fetch(apiUrl(PATH), {
    method: 'DELETE',
    keepalive: true,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  }).then(
    () => undefined,
    () => undefined,
  );
}

const isClash = (answer: ClashResource | QuickMatchWaiting): answer is ClashResource => 'id' in answer;

/** The clash a `quick-match-seated` refusal links to (its id from the link's href), or null. */
function seatedClash(error: ApiError): number | null {
  const href = (error.body as Partial<QuickMatchSeated> | undefined)?._links?.clash?.href ?? '';
  const id = Number(/\/clashes\/(\d+)$/.exec(href)?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function QuickMatchProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { player } = useSession();
  const available = player !== null && !player.guest;
  const me = player?.id ?? 0;
  const [state, dispatch] = useReducer(quickMatchReducer, IDLE);
  const current = useRef(state);
  current.current = state;
  const searching = state.phase === 'waiting';
  const bot = useYambBot(available && searching);
  const createClash = useCreateClash();

  usePresenceMessages((message) => {
    if (message.type === 'MATCHED' && available)
      dispatch({ type: 'matched', clash: message.clash, me, own: false });
  });

  // Join, then renew while waiting. A renewal still on its way when the search ended (a cancel, the bot,
  // a MATCHED message) has put the player back in the queue: they leave it again.
  useEffect(() => {
    if (!searching || me === 0) return;
    let stopped = false;
    const ask = async () => {
      try {
        const answer = await api<ClashResource | QuickMatchWaiting>(PATH, { method: 'POST' });
        if (isClash(answer)) dispatch({ type: 'matched', clash: answer, me, own: true });
        else if (stopped) await leaveQueue();
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.key === 'quick-match-seated') {
          dispatch({ type: 'seated', clashId: seatedClash(error), message: error.message });
          return;
        }
        toast.error(errorMessage(error));
        dispatch({ type: 'cancel' });
      }
    };
    void ask();
    const timer = window.setInterval(() => void ask(), QUICK_MATCH_HEARTBEAT_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [searching, me]);

  // Matched: the clash page opens at once (the panel says who was met over it), once per match: the
  // router's navigate changes with the address, and the effect must not open the clash again for that.
  const matched = state.phase === 'matched' ? state.clash : null;
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!matched || opened.current === matched.id) return;
    opened.current = matched.id;
    storeClash(client, matched);
    void navigate(`/clashes/${matched.id}`);
  }, [matched, client, navigate]);

  // Leaving the page, signing out or another player signing in leaves the queue.
  useEffect(() => {
    const leave = () => {
      if (current.current.phase === 'waiting') void leaveQueue();
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
      dispatch({ type: 'cancel' });
    };
  }, [me]);

  const join = useCallback(() => {
    if (available) dispatch({ type: 'join', now: Date.now() });
  }, [available]);
  const cancel = useCallback(() => {
    if (current.current.phase !== 'waiting') return;
    dispatch({ type: 'cancel' });
    void leaveQueue();
  }, []);
  const keepWaiting = useCallback(() => dispatch({ type: 'keep-waiting' }), []);
  const dismiss = useCallback(() => dispatch({ type: 'done' }), []);

  const { mutateAsync: create } = createClash;
  const { refetch: fetchBot } = bot;
  const known = bot.data;
  const playBot = useCallback(() => {
    if (current.current.phase !== 'waiting' || !player) return;
    dispatch({ type: 'choose-bot' });
    void (async () => {
      await leaveQueue();
      // A match that came while leaving wins over the bot.
      if (current.current.phase !== 'bot') return;
      try {
        const yambBot = known ?? (await fetchBot()).data;
        if (!yambBot) throw new Error('Yamb Bot is missing');
        const clash = await create({
          ownerId: player.id,
          playerIds: [player.id, yambBot.id],
          type: 'LIVE',
          name: botClashName(player.name, yambBot.name),
          turnSeconds: QUICK_MATCH_TURN_SECONDS,
        });
        if (current.current.phase !== 'bot') return;
        dispatch({ type: 'done' });
        void navigate(`/clashes/${clash.id}`);
      } catch (error) {
        toast.error(errorMessage(error));
        dispatch({ type: 'cancel' });
      }
    })();
  }, [player, known, fetchBot, create, navigate]);

  const value = useMemo(
    () => ({ state, available, join, cancel, keepWaiting, playBot, dismiss }),
    [state, available, join, cancel, keepWaiting, playBot, dismiss],
  );
  return <QuickMatchContext.Provider value={value}>{children}</QuickMatchContext.Provider>;
}

/** The tab's quick match (inside <QuickMatchProvider>). */
export function useQuickMatch(): QuickMatch {
  return useContext(QuickMatchContext);
}
