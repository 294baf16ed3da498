import { createContext } from 'react';
import type { GameResource } from '../../contract/games';
import type { PlayerMove } from '../../contract/gameState';

/**
 * Where the board's moves go instead of the server: a game played on this device (a practice or table game,
 * web/api/tableGames.ts) provides one around its board. It answers the game after the move, as the server
 * would, or throws an Error whose message the player reads.
 */
export type GameMover = (move: PlayerMove) => Promise<GameResource>;

export const GameMoverContext = createContext<GameMover | null>(null);
