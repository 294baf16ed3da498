import { useTranslation } from 'react-i18next';
import { type TableGame, tableStandings } from '../../../game/table';
import { tablePoints } from './tableText';

/**
 * Everyone's running total and place, in turn order (a list that reorders at every fill is hard to follow),
 * the player on turn marked.
 */
export function TableTotals({ game, done }: { game: TableGame; done: boolean }) {
  const { t } = useTranslation();
  const standings = tableStandings(game);
  return (
    <ul className="table-totals" aria-label={t('table.game.totals')}>
      {game.players.map((player, index) => {
        const standing = standings.find((s) => s.player === index);
        const onTurn = !done && index === game.turn;
        return (
          // Index keys: the players of a game never change order.
          <li key={index} className={onTurn ? 'table-total table-total--turn' : 'table-total'}>
            <span className="table-total-place">
              {t('table.game.place', { place: standing?.place ?? 1 })}
            </span>
            <span className="table-total-name">{player.name}</span>
            <strong className="table-total-points" aria-label={tablePoints(t, standing?.total ?? 0)}>
              {standing?.total ?? 0}
            </strong>
            {onTurn ? <span className="table-total-turn">{t('table.game.onTurn')}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
