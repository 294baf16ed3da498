import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentGame, useGame } from '../api/games';
import { databaseDown, lastCurrentGame, rememberCurrentGame } from '../api/outage';
import { useSession } from '../api/session';
import { GameFailed, GameLoading, GameScreen } from '../components/game/GameScreen';
import { onDemand } from '../components/onDemand';
import { useTitle } from '../components/useTitle';

const OfflinePlay = onDemand(() => import('../pwa/offline').then((m) => m.OfflinePlay));

const BelowBoard = onDemand(() => import('../components/game/BelowBoard').then((m) => m.BelowBoard));

/** `/`: the current player's game, obtained or created for them; archiving it moves this screen to the next one. */
export default function Play() {
  const { t } = useTranslation();
  const { player } = useSession();
  const current = useCurrentGame(player?.id);
  useTitle(t('game.play'));
  useEffect(() => {
    if (player && current.data !== undefined) rememberCurrentGame(player.id, current.data);
  }, [player, current.data]);
  // With D1 down the server cannot say which game is current, but the game's room answers: a reload in
  // the middle of an outage goes on with the game this tab had (api/outage.ts).
  const gameId = current.data ?? (player && databaseDown(current.error) ? lastCurrentGame(player.id) : null);
  // The game's rules, once it is on screen: where the picker of a new game's rules starts.
  const rules = useGame(gameId ?? undefined).data?.rules;

  // Offline a practice game is offered instead (issue 28); the session starts once back online.
  if (!player)
    return navigator.onLine ? (
      <GameFailed message={t('game.noPlayer')} />
    ) : (
      <Suspense>
        <OfflinePlay />
      </Suspense>
    );
  if (gameId !== null) {
    return (
      <>
        <GameScreen id={gameId} />
        <Suspense>
          <BelowBoard playerId={player.id} rules={rules} />
        </Suspense>
      </>
    );
  }
  if (current.isError) {
    return (
      <GameFailed
        message={current.error.message || t('game.loadFailed')}
        onRetry={() => void current.refetch()}
      />
    );
  }
  return <GameLoading />;
}
