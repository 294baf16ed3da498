import type { Rules } from '../game/rules';
import type { NotificationChoices } from './push';

// A player's preferences and their allowed values: the request schema is in players.ts; the web app applies
// them from its first paint, so they live here without valibot.

export type Language = 'en-US' | 'hr';
export type Theme = 'dark' | 'light';
/** The roll animation: SPEC section 9's 800-1800 ms ('normal'), at most 400 ms ('fast'), or none. */
export type DiceSpeed = 'normal' | 'fast' | 'off';
export const DICE_SPEEDS: readonly DiceSpeed[] = ['normal', 'fast', 'off'];

/**
 * Who may invite the player to a clash: anyone, or only players they have played a started
 * clash with. "Known" would take in the players they follow too, once following exists.
 */
export type Invitations = 'everyone' | 'known';
export const INVITATIONS: readonly Invitations[] = ['everyone', 'known'];

/** The preferences a browser keeps too (a guest's only ones), applied from the first paint. */
export interface Preferences {
  language: Language;
  theme: Theme;
  diceSpeed: DiceSpeed;
}

/**
 * GET/PUT /api/players/{id}/preferences (SPEC.md section 3: any other field is not shown): the browser's
 * preferences and the account's own, which only the server keeps.
 */
export interface AccountPreferences extends Preferences {
  invitations: Invitations;
  /**
   * The rule set a new solo game is made with (issue 27): the one last chosen, here or by starting a game
   * with `rules` (PUT /api/games/); CLASSIC until then. `preset` is null for a custom one.
   */
  rules: Rules;
  /** Push and e-mail per notification kind, and the daily digest (issue 29, contract/push.ts). */
  notifications: NotificationChoices;
}
