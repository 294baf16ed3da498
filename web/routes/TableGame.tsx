import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useTableGame } from '../api/tableGames';
import { GameFailed, GameLoading } from '../components/game/GameScreen';
import { TablePlay } from '../components/tableGame/TablePlay';
import '../components/tableGame/table.css';
import { tableKindName } from '../components/tableGame/tableText';
import { useTitle } from '../components/useTitle';

/** `/table/:id`: a game at the table kept on this device (a practice game, or pass and play). */
export default function TableGame() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useTableGame(id);
  const game = query.data;
  useTitle(game ? tableKindName(t, game) : t('table.title'));

  if (game) return <TablePlay key={game.id} game={game} />;
  if (game === null) {
    return (
      <div className="board-failed card" role="alert">
        <p>{t('table.errors.notFound')}</p>
        <Link to="/table" className="button">
          {t('table.end.back')}
        </Link>
      </div>
    );
  }
  if (query.isError) {
    return <GameFailed message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return <GameLoading />;
}
