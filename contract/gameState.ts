import { BOX_TYPES, type GameState } from '../game/types';
import { CLASSIC_RULES, parseRules } from '../game/rules';
import type { GameMove } from '../game/moves';
import type { GameLinkName, GameResource } from './gameResource';

// A game resource read back into the rules' terms, and the links its moves follow: the web app's play
// screen needs these at once, so they live apart from the request schemas in games.ts (no valibot).

/**
 * The rules' state of a game resource. The resource is the server's view, so it is normalised: the
 * sheet in the rules' column and box order with every box present, the dice ordered by index, and an
 * archived game treated as the completed game it is. The undo snapshot never leaves the server; the
 * undo link says whether there is one.
 */
export function toGameState(game: GameResource): GameState {
  // A resource from a server older than rule sets carries none: it is CLASSIC.
  const rules = parseRules(game.rules) ?? CLASSIC_RULES;
  const dice = Array.from({ length: rules.dice }, (_, index) => {
    const value = game.dices.find((d) => d.index === index)?.value;
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6 ? value : 1;
  });
  return {
    type: game.type,
    rules,
    status: game.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'COMPLETED',
    sheet: {
      columns: rules.columns.map((column) => {
        const boxes = game.sheet.columns.find((c) => c.type === column)?.boxes ?? [];
        return {
          type: column,
          boxes: BOX_TYPES.map((box) => ({
            type: box,
            value: boxes.find((b) => b.type === box)?.value ?? null,
          })),
        };
      }),
    },
    dice,
    rollCount: game.rollCount,
    announcement: game.announcement,
    lastAction: game.lastAction,
    latestBoxFilled: game.latestBoxFilled,
    latestColumnFilled: game.latestColumnFilled,
    latestDiceRolled: game.latestDiceRolled ?? [],
    undoSnapshot: null,
  };
}

/** A move as a player asks for it: one of the rules' moves, or putting a finished game away. */
export type PlayerMove = GameMove | { type: 'ARCHIVE' };

/** The link of the game resource that each move follows (present only when the player may make it now). */
export const MOVE_LINKS = {
  ROLL: 'roll',
  ANNOUNCE: 'announce',
  FILL: 'fill',
  UNDO: 'undo',
  RESTART: 'restart',
  ARCHIVE: 'archive',
} as const satisfies Record<PlayerMove['type'], GameLinkName>;
