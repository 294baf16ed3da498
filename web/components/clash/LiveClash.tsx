import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  CLASH_STALL_DAYS,
  type ClashClientMessage,
  type ClashLogEntry,
  type ClashPlayer,
  type ClashResource,
} from '../../../contract/clashes';
import { type ClashAction, useClashAction } from '../../api/clash';
import { useLayout } from '../../layout';
import { ConfirmDialog } from '../ConfirmDialog';
import { toastError } from '../Toasts';
import { ClashPlayers } from './ClashPlayers';
import { ClashTable } from './ClashTable';
import { ClashTalk } from './ClashTalk';
import { FinalRanking } from './FinalRanking';
import { MoreTimeButton } from './MoreTimeButton';
import { TurnClock } from './TurnClock';
import { isMember, onTurn } from './model';

export interface LiveClashProps {
  clash: ClashResource;
  viewerId: number | null;
  log: ClashLogEntry[];
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
 * A clash being played: the players with their totals, whose turn it is, the members' reactions and
 * suggestions, and the table (ClashTable.tsx): the board on turn (theirs to play, read-only for everyone
 * else), every other sheet a tab away, and the clash log.
 */
export function LiveClash({ clash, viewerId, log, send, onOffline }: LiveClashProps) {
  const { t } = useTranslation();
  useInGame();
  const current = onTurn(clash);
  const member = isMember(clash, viewerId);
  const mine = current?.id === viewerId;
  const bannerOf = (player: ClashPlayer) => {
    if (player.id !== current?.id) return t('clashes.table.waiting', { name: player.name });
    return member
      ? t('clashes.live.waitTurn', { name: player.name })
      : t('clashes.live.watching', { name: player.name });
  };

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
      <MoreTimeButton clash={clash} />
      {member ? <ClashTalk send={send} onOffline={onOffline} /> : null}
      {/* Above the board, where a player looks, not under a sheet that is taller than a phone's screen. */}
      <ClashActions clash={clash} />
      <ClashTable clash={clash} viewerId={viewerId} log={log} bannerOf={bannerOf} />
    </div>
  );
}

/**
 * A playing member's ways out of a running clash: resign (after a confirmation) and, when the
 * player on turn has stalled an untimed clash for CLASH_STALL_DAYS, pass their turn. Each button stands
 * for the link the server gave this viewer.
 */
function ClashActions({ clash }: { clash: ClashResource }) {
  const { t } = useTranslation();
  const action = useClashAction(clash.id);
  const [confirming, setConfirming] = useState(false);
  const current = onTurn(clash);
  const links = clash._links;
  if (!links.resign && !links.pass) return null;
  const run = (next: ClashAction, done: string) =>
    action.mutate(next, { onSuccess: () => toast.success(done), onError: toastError });
  return (
    <div className="clash-actions">
      {links.pass && current ? (
        <div className="clash-pass">
          <p className="clash-pass-hint">
            {t('clashes.live.passHint', { name: current.name, days: CLASH_STALL_DAYS })}
          </p>
          <button
            type="button"
            className="button"
            disabled={action.isPending}
            onClick={() => run({ type: 'pass' }, t('clashes.live.passDone', { name: current.name }))}
          >
            {t('clashes.live.pass', { name: current.name })}
          </button>
        </div>
      ) : null}
      {links.resign ? (
        <button
          type="button"
          className="button button-danger"
          disabled={action.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('clashes.live.resign')}
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('clashes.live.resignTitle')}
        message={t('clashes.live.resignText', { name: clash.name })}
        confirmLabel={t('clashes.live.resign')}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          run({ type: 'resign' }, t('clashes.live.resignDone'));
        }}
      />
    </div>
  );
}

/** A finished clash: the ranking, every player's board to read, and the log of how it went. */
export function CompletedClash({
  clash,
  viewerId,
  log,
}: {
  clash: ClashResource;
  viewerId: number | null;
  log: ClashLogEntry[];
}) {
  const { t } = useTranslation();
  return (
    <div className="clash-live clash-completed">
      <FinalRanking clash={clash} viewerId={viewerId} />
      <ClashTable
        clash={clash}
        viewerId={viewerId}
        log={log}
        bannerOf={(player) => t('clashes.ranking.boardBanner', { name: player.name })}
      />
    </div>
  );
}
