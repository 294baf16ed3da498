import type { TablePlay } from '../../api/tableGames';
import type { TableGame } from '../../../game/table';

/** Placeholder until helper T builds the real-dice entry (issue 28). */
export function RealDiceBoard({ game, player }: { game: TableGame; player: number; play: TablePlay }) {
  return <p>{game.players[player]?.name}</p>;
}
