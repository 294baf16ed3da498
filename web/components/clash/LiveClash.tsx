import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClashClientMessage, ClashResource } from '../../../contract/clashes';
import { useLayout } from '../../layout';
import { ClashBoard } from './ClashBoard';
import { ClashPlayers } from './ClashPlayers';
import { ClashTalk } from './ClashTalk';
import { FinalRanking } from './FinalRanking';
import { TurnClock } from './TurnClock';
import { isMember, onTurn } from './model';

export interface LiveClashProps {
  clash: ClashResource;
  viewerId: number | null;
  send: (message: ClashClientMessage) => boolean;
  onOffline: () => void;
}

/** The board sets the in-game layout flag while it is on screen, as on the play screen. */
function useInGame() {
  const { setInGame } = useLayout();
  useEffect(() => {
    setInGame(true);
    return () => setInGame(false);
  }, [setInGame]);
}

/**
 * A clash being played: the players with their totals, whose turn it is, the board of that player (the
 * solo board, theirs to play, read-only for everyone else), and the members' reactions and suggestions.
 */
export function LiveClash({ clash, viewerId, send, onOffline }: LiveClashProps) {
  const { t } = useTranslation();
  useInGame();
  const current = onTurn(clash);
  const member = isMember(clash, viewerId);
  const mine = current?.id === viewerId;
  let banner: string | undefined;
  if (current && member) banner = t('clashes.live.waitTurn', { name: current.name });
  else if (current) banner = t('clashes.live.watching', { name: current.name });

  return (
    <div className="clash-live">
      <ClashPlayers clash={clash} viewerId={viewerId} />
      {current ? (
        <p className={mine ? 'clash-turn clash-turn--mine' : 'clash-turn'} role="status">
          {mine ? t('clashes.yourTurn') : t('clashes.turnOf', { name: current.name })}
        </p>
      ) : null}
      {current && clash.turnDeadline && clash.turnSeconds ? (
        <TurnClock key={clash.turnDeadline} deadline={clash.turnDeadline} turnSeconds={clash.turnSeconds} />
      ) : null}
      {member ? <ClashTalk send={send} onOffline={onOffline} /> : null}
      {current?.gameId ? (
        <ClashBoard key={current.gameId} gameId={current.gameId} viewerId={viewerId} banner={banner} />
      ) : null}
    </div>
  );
}

/** A finished clash: the ranking, and every player's board to read. */
export function CompletedClash({ clash, viewerId }: { clash: ClashResource; viewerId: number | null }) {
  const { t } = useTranslation();
  const withGames = clash.players.filter((p) => p.gameId !== null);
  const first = withGames.find((p) => p.id === viewerId) ?? withGames.find((p) => p.crown) ?? withGames[0];
  const [shown, setShown] = useState<number | null>(first?.id ?? null);
  const player = withGames.find((p) => p.id === shown);
  return (
    <div className="clash-live clash-completed">
      <FinalRanking clash={clash} viewerId={viewerId} />
      {withGames.length ? (
        <div className="clash-boards" role="group" aria-label={t('clashes.ranking.boards')}>
          {withGames.map((p) => (
            <button
              key={p.id}
              type="button"
              className="button clash-board-choice"
              aria-pressed={p.id === shown}
              onClick={() => setShown(p.id)}
            >
              {t('clashes.ranking.boardOf', { name: p.name })}
            </button>
          ))}
        </div>
      ) : null}
      {player?.gameId ? (
        <ClashBoard
          key={player.gameId}
          gameId={player.gameId}
          viewerId={viewerId}
          banner={t('clashes.ranking.boardBanner', { name: player.name })}
        />
      ) : null}
    </div>
  );
}
