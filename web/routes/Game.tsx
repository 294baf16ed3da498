import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { GameFailed, GameScreen } from '../components/game/GameScreen';

/** `/games/:id`: any game, live; only its player can play it, everyone else watches. */
export default function Game() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const gameId = Number(id);
  const valid = Number.isSafeInteger(gameId) && gameId > 0;
  if (!valid) return <GameFailed message={t('game.notFound', { id })} />;
  // The next game is the player's current one, which the play screen shows.
  return <GameScreen key={gameId} id={gameId} onNewGame={() => navigate('/')} />;
}
