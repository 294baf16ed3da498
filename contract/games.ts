import * as v from 'valibot';
import { BOX_TYPES, MAX_DICE } from '../game/types';
import { COLUMN_TYPES } from '../game/rules';
import { isDiceSelection } from '../game/actions';
import { RulesInput } from './rules';

// The resource is declared apart, so gameState.ts reads it without importing this file back.
export type { GameLinkName, GameMessage, GameResource, GameStatusView, GameSummary } from './gameResource';

// What the web app needs at once lives apart, without valibot (the first load stays under 150 kB).
export { MOVE_LINKS, type PlayerMove, toGameState } from './gameState';

/** The sorts of GET /api/games/ and a player's games. */
export const GAME_SORTS = ['updatedAt', 'createdAt', 'totalSum'] as const;

// The bodies of the moves (SPEC.md section 7: `PUT <roll link>` with `{diceToRoll}`, ...). The client
// never sends dice values, only which dice to roll again.

/**
 * Which dice to roll again (indices, each once); none given (null) means all of them. Indices 0-5 pass
 * here: the rules refuse the sixth die of a five-dice game with the same `dice-invalid`.
 */
export const RollBody = v.object({
  diceToRoll: v.nullish(
    v.custom<number[]>((x) => isDiceSelection(x, MAX_DICE), 'dice-invalid'),
    null,
  ),
});

/** One of `names`; missing, not a string or unknown all answer `key` (a bare picklist says nothing of a missing key). */
const oneOf = <const T extends readonly string[]>(names: T, key: string) =>
  v.pipe(v.optional(v.string(key), ''), v.picklist(names, key));
const boxType = oneOf(BOX_TYPES, 'box-type-invalid');

export const AnnounceBody = v.object({ boxType });
export const FillBody = v.object({ columnType: oneOf(COLUMN_TYPES, 'column-type-invalid'), boxType });
/** Undo, restart and archive take no fields. */
export const NoBody = v.object({});
/**
 * `PUT /api/games/`: the player's current game. With `rules` (a preset's name or a custom object), a game
 * with that rule set: another game in progress answers 409 game-in-progress unless `replace` is true.
 */
export const CurrentGameBody = v.object({
  playerId: v.pipe(v.number('input-invalid'), v.integer('input-invalid')),
  rules: v.optional(RulesInput),
  replace: v.optional(v.boolean('input-invalid')),
});
