import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLASSIC_RULES } from '../../../game/rules';
import { TABLE_NAME_MAX, tableCompleted, type TableGame } from '../../../game/table';
import { useSession } from '../../api/session';
import { createTableGame } from '../../api/tableGames';

/** The name on a practice sheet: the signed-in player's, else "You" (a guest, or no session offline). */
export function usePracticeName(): string {
  const { t } = useTranslation();
  const { player } = useSession();
  return player && !player.guest ? player.name.slice(0, TABLE_NAME_MAX) : t('table.you');
}

/** A new practice game: one player, the app's dice, SPEC's rules. */
export const startPractice = (client: QueryClient, name: string): Promise<TableGame> =>
  createTableGame(client, { kind: 'PRACTICE', dice: 'APP', rules: CLASSIC_RULES, names: [name] });

/** The practice game to go on with: the latest one not finished (the list is latest first), if any. */
export const unfinishedPractice = (games: readonly TableGame[]): TableGame | undefined =>
  games.find((game) => game.kind === 'PRACTICE' && !tableCompleted(game));
