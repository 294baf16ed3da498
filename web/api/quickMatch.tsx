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
  useState,
  type RefObject,
} from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { QUICK_MATCH_TURN_SECONDS } from '../../contract/clashRules';
import type { ClashResource } from '../../contract/clashes';
import type { PlayerResource } from '../../contract/players';
import type { QuickMatchServerMessage } from '../../contract/quickMatch';
import type { PresetName } from '../../game/rules';
import i18n from '../i18n';
import { storeClash, useBotClash } from './clashes';
import { errorMessage } from './client';
import { useLiveSocket } from './live';
import { usePresenceMessages } from './presence';
import { IDLE, quickMatchReducer, type QuickMatchEvent, type QuickMatchState } from './quickMatchState';
import { useSession } from './session';

// "Play someone now": one search per tab, held by <QuickMatchProvider> in the Layout so it goes on while
// the player moves between the app's pages. The tab waits on the queue's own socket, in the queue exactly
// while it is open: closing it (a cancel, the bot, a closed tab, a sign-out) is leaving. The match comes
// on that socket, or as MATCHED on the presence channel, whichever is first; the tab then opens the clash.

const SOCKET_PATH = '/api/ws/quick-match';

export interface QuickMatch {
  state: QuickMatchState;
  /** Registered players only; guests are asked to sign up instead. */
  available: boolean;
  /** The preset the player asks for: only players asking for the same one are paired; the bot plays it too. */
  preset: PresetName;
  choosePreset: (preset: PresetName) => void;
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
  preset: 'CLASSIC',
  choosePreset: () => undefined,
  join: () => undefined,
  cancel: () => undefined,
  keepWaiting: () => undefined,
  playBot: () => undefined,
  dismiss: () => undefined,
});

/** The clash a `quick-match-seated` refusal links to (its id from the link's href), or null. */
function seatedClash(message: Extract<QuickMatchServerMessage, { type: 'ERROR' }>): number | null {
  const href = message._links.clash?.href ?? '';
  const id = Number(/\/clashes\/(\d+)$/.exec(href)?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

type Dispatch = (event: QuickMatchEvent) => void;

/** The match (or the queue's refusal) as it comes on the queue's socket or the presence channel. */
function useQuickMatchMessages(
  searching: boolean,
  available: boolean,
  me: number,
  preset: PresetName,
  dispatch: Dispatch,
) {
  usePresenceMessages((message) => {
    if (message.type === 'MATCHED' && available)
      dispatch({ type: 'matched', clash: message.clash, me, own: false });
  });

  // Waiting is having the queue's socket open; its last word ends the search.
  useLiveSocket(searching && me !== 0 ? `${SOCKET_PATH}?preset=${preset}` : null, (raw) => {
    const message = raw as QuickMatchServerMessage;
    if (message.type === 'MATCHED') dispatch({ type: 'matched', clash: message.clash, me, own: true });
    else if (message.type === 'ERROR') {
      if (message.key === 'quick-match-seated')
        dispatch({ type: 'seated', clashId: seatedClash(message), message: i18n.t(`errors.${message.key}`) });
      // Another tab of the player took the search over: this one stops without a word.
      else if (message.key !== 'quick-match-replaced')
        toast.error(i18n.t(`errors.${message.key}`, { defaultValue: i18n.t('app.errors.unexpected') }));
      dispatch({ type: 'cancel' });
    }
  });
}

/**
 * Matched: the clash page opens at once (the panel says who was met over it), once per match: the
 * router's navigate changes with the address, and the effect must not open the clash again for that.
 */
function useOpenMatchedClash(matched: ClashResource | null) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!matched || opened.current === matched.id) return;
    opened.current = matched.id;
    storeClash(client, matched);
    void navigate(`/clashes/${matched.id}`);
  }, [matched, client, navigate]);
}

/** Gives up waiting for a person: a live clash against Yamb Bot, unless a match came meanwhile. */
function usePlayBot(
  player: PlayerResource | null,
  preset: PresetName,
  searching: boolean,
  current: RefObject<QuickMatchState>,
  dispatch: Dispatch,
) {
  const navigate = useNavigate();
  const startBotClash = useBotClash(player !== null && !player.guest && searching);
  return useCallback(() => {
    if (current.current.phase !== 'waiting' || !player) return;
    dispatch({ type: 'choose-bot' });
    // Leaving the waiting phase closes the queue's socket; a match that came meanwhile wins over the bot.
    void (async () => {
      try {
        const clash = await startBotClash(player, QUICK_MATCH_TURN_SECONDS, preset);
        if (current.current.phase !== 'bot') return;
        dispatch({ type: 'done' });
        void navigate(`/clashes/${clash.id}`);
      } catch (error) {
        toast.error(errorMessage(error));
        dispatch({ type: 'cancel' });
      }
    })();
  }, [player, preset, current, startBotClash, navigate, dispatch]);
}

export function QuickMatchProvider({ children }: { children: ReactNode }) {
  const { player } = useSession();
  const available = player !== null && !player.guest;
  const me = player?.id ?? 0;
  const [state, dispatch] = useReducer(quickMatchReducer, IDLE);
  // Chosen while idle: a search goes on with the preset it started with.
  const [preset, choosePreset] = useState<PresetName>('CLASSIC');
  const current = useRef(state);
  current.current = state;
  const searching = state.phase === 'waiting';

  useQuickMatchMessages(searching, available, me, preset, dispatch);
  useOpenMatchedClash(state.phase === 'matched' ? state.clash : null);

  // Signing out or another player signing in ends the search (and so closes the socket).
  useEffect(() => () => dispatch({ type: 'cancel' }), [me]);

  const join = useCallback(() => {
    if (available) dispatch({ type: 'join', now: Date.now() });
  }, [available]);
  const cancel = useCallback(() => {
    if (current.current.phase === 'waiting') dispatch({ type: 'cancel' });
  }, []);
  const keepWaiting = useCallback(() => dispatch({ type: 'keep-waiting' }), []);
  const dismiss = useCallback(() => dispatch({ type: 'done' }), []);
  const playBot = usePlayBot(player, preset, searching, current, dispatch);

  const value = useMemo(
    () => ({ state, available, preset, choosePreset, join, cancel, keepWaiting, playBot, dismiss }),
    [state, available, preset, join, cancel, keepWaiting, playBot, dismiss],
  );
  return <QuickMatchContext.Provider value={value}>{children}</QuickMatchContext.Provider>;
}

/** The tab's quick match (inside <QuickMatchProvider>). */
export function useQuickMatch(): QuickMatch {
  return useContext(QuickMatchContext);
}
