import type { ClashPlayer, ClashResource } from '../../contract/clashes';
import { CLASH_NAME_MAX } from '../../contract/clashRules';
import { QUICK_MATCH_BOT_OFFER_MS } from '../../contract/quickMatchTimes';

// What a tab's quick match is doing, as a reducer with no I/O (web/api/quickMatch.tsx does the calls):
// idle; waiting in the queue since a moment of this tab's clock; leaving the queue for the practice bot;
// or matched into a clash, shown for a moment with who was met; or refused because a quick match of theirs
// is still being played (one at a time), with the way to it.

export type QuickMatchState =
  | { phase: 'idle' }
  | { phase: 'waiting'; since: number; keptWaiting: boolean }
  | { phase: 'bot' }
  | { phase: 'matched'; clash: ClashResource; opponent: ClashPlayer | null }
  /** The server's `quick-match-seated`: `message` in the reader's language, the clash (null: opening). */
  | { phase: 'seated'; clashId: number | null; message: string };

export type QuickMatchEvent =
  | { type: 'join'; now: number }
  | { type: 'keep-waiting' }
  | { type: 'choose-bot' }
  | { type: 'cancel' }
  /**
   * A started clash: on this tab's own queue socket (`own`), or a MATCHED message of the presence
   * channel. That one reaches every tab of the player; only a searching tab takes it up. What this tab's
   * own socket says is taken up whatever the tab does now: the clash exists, and the partner is in it.
   */
  | { type: 'matched'; clash: ClashResource; me: number; own: boolean }
  /** The queue refused the player: they play a quick match already. */
  | { type: 'seated'; clashId: number | null; message: string }
  /** The match was shown, or the bot's clash was opened. */
  | { type: 'done' };

export const IDLE: QuickMatchState = { phase: 'idle' };

/** The other player of a quick match's clash (null if the clash somehow holds only the viewer). */
export function opponentOf(clash: ClashResource, me: number): ClashPlayer | null {
  return clash.players.find((p) => p.id !== me) ?? null;
}

export function quickMatchReducer(state: QuickMatchState, event: QuickMatchEvent): QuickMatchState {
  switch (event.type) {
    case 'join':
      return state.phase === 'waiting' ? state : { phase: 'waiting', since: event.now, keptWaiting: false };
    case 'keep-waiting':
      return state.phase === 'waiting' ? { ...state, keptWaiting: true } : state;
    case 'choose-bot':
      return state.phase === 'waiting' ? { phase: 'bot' } : state;
    case 'cancel':
      return state.phase === 'waiting' || state.phase === 'bot' ? IDLE : state;
    case 'matched':
      // The queue's socket and the presence channel tell of the same clash: the first one counts.
      if (state.phase === 'matched') return state;
      if (state.phase === 'idle' && !event.own) return state;
      return { phase: 'matched', clash: event.clash, opponent: opponentOf(event.clash, event.me) };
    case 'seated':
      return state.phase === 'waiting'
        ? { phase: 'seated', clashId: event.clashId, message: event.message }
        : state;
    case 'done':
      return IDLE;
  }
}

/** Whether the waiting panel offers the bot: after QUICK_MATCH_BOT_OFFER_MS alone, until "Keep waiting". */
export function botOffered(state: QuickMatchState, now: number): boolean {
  return state.phase === 'waiting' && !state.keptWaiting && now - state.since >= QUICK_MATCH_BOT_OFFER_MS;
}

/** A wait as a clock reads it: 0:07, 1:05, 12:00 (whole seconds, never negative). */
export function formatWait(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The practice clash's name, as the server names a quick match ("Ana – Yamb Bot"), within the limit. */
export function botClashName(me: string, bot: string): string {
  return `${me} – ${bot}`.slice(0, CLASH_NAME_MAX);
}
