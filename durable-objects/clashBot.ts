import { advise, moveOf } from '../game/advisor';
import { BOX_TYPES, canAnnounce, canRoll, fillableBoxes, type GameMove, type GameState } from '../game';

// The practice bot's moves: the advisor's (game/advisor.ts) best decision, one action at a time.

/** A pause of about the roll animation (SPEC: 800-1800 ms) between the bot's actions, so people can follow. */
export const BOT_PAUSE_MS = 1200;

/**
 * The bot's next action on its game. Should the advisor ever fail, a plain legal move keeps the clash
 * going (a stalled bot would hold its opponents hostage): the first open box, else an announcement, else a roll.
 */
export function botAction(state: GameState, onError: (error: unknown) => void): GameMove {
  try {
    return moveOf(advise(state));
  } catch (error) {
    onError(error);
    const [box] = state.rollCount === 0 ? [] : fillableBoxes(state);
    if (box) return { type: 'FILL', columnType: box.column, boxType: box.box };
    const announceable = BOX_TYPES.find((b) => canAnnounce(state, b));
    if (canRoll(state) === 'announcement-required' && announceable)
      return { type: 'ANNOUNCE', boxType: announceable };
    return { type: 'ROLL', diceToRoll: [0, 1, 2, 3, 4] };
  }
}
