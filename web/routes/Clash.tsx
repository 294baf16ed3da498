import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ClashLogEntry, ClashResource } from '../../contract/clashes';
import { ApiError } from '../api/client';
import { useClash, useLiveClash } from '../api/clash';
import { useRatingsAfter } from '../api/ratings';
import type { LiveState } from '../api/live';
import { useSession } from '../api/session';
import { ClashFeed, useClashFeed } from '../components/clash/ClashFeed';
import { useClashLog } from '../components/clash/ClashLog';
import { useTurnSignal } from '../components/clash/useTurnSignal';
import { CompletedClash, LiveClash, type LiveClashProps } from '../components/clash/LiveClash';
import { Lobby } from '../components/clash/Lobby';
import { RematchPanel } from '../components/clash/RematchPanel';
import { RulesSummary } from '../components/clash/RulesSummary';
import '../components/clash/clash.css';
import { GameFailed, GameLoading } from '../components/game/GameScreen';
import { useTitle } from '../components/useTitle';

/** Connecting or reconnecting is worth a quiet chip; an open socket says nothing. */
function LiveChip({ live }: { live: LiveState }) {
  const { t } = useTranslation();
  if (live !== 'connecting') return null;
  return (
    <span className="board-chip board-live clash-live-chip" role="status">
      {t('clashes.connecting')}
    </span>
  );
}

function ClashHead({ clash, live }: { clash: ClashResource; live: LiveState }) {
  const { t } = useTranslation();
  return (
    <header className="clash-head">
      <p className="clash-back">
        <Link to="/clashes">{t('clashes.back')}</Link>
      </p>
      <h1 id="clash-title" className="clash-title">
        {clash.name}
      </h1>
      <span className={`board-chip clash-status clash-status--${clash.status.toLowerCase()}`}>
        {t(`clashes.status.${clash.status}`)}
      </span>
      <LiveChip live={live} />
      <RulesSummary rules={clash.rules} />
    </header>
  );
}

function ClashScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const { player } = useSession();
  const viewerId = player?.id ?? null;
  const query = useClash(id);
  const clash = query.data;
  const feed = useClashFeed();
  const log = useClashLog();
  const onRefused = useCallback(
    (key: string) => toast.error(t(`errors.${key}`, { defaultValue: t('clashes.talk.refused') })),
    [t],
  );
  const { live, send } = useLiveClash(clash ? id : 0, { onChat: feed.push, onLog: log.add, onRefused });
  const myTurn = useTurnSignal(clash, viewerId);
  useTitle(
    clash ? (myTurn ? t('clashes.signal.title', { name: clash.name }) : clash.name) : t('clashes.title'),
  );
  // A completed clash moved its players' ratings and records: what the app holds of them is read again.
  useRatingsAfter(clash);

  if (!clash)
    return query.isError ? (
      <ClashFailed id={id} error={query.error} retry={query.refetch} />
    ) : (
      <GameLoading />
    );

  return (
    <section
      className={
        clash.status === 'PENDING' || clash.status === 'CANCELLED'
          ? 'page clash-page'
          : 'clash-page clash-page--wide'
      }
      aria-labelledby="clash-title"
    >
      <ClashHead clash={clash} live={live} />
      <ClashBody clash={clash} viewerId={viewerId} log={log.entries} send={send} />
      <ClashFeed items={feed.items} />
    </section>
  );
}

/** The clash could not be read: not there (or not the viewer's to see), or a failure that may pass. */
function ClashFailed({ id, error, retry }: { id: number; error: Error; retry: () => unknown }) {
  const { t } = useTranslation();
  const status = error instanceof ApiError ? error.status : 0;
  const gone = status === 404 || status === 403;
  return (
    <section className="page clash-page" aria-labelledby="clash-title">
      <h1 id="clash-title">{t('clashes.title')}</h1>
      <GameFailed
        message={gone ? t('clashes.notFound', { id }) : error.message}
        onRetry={gone ? undefined : () => void retry()}
      />
      <p>
        <Link to="/clashes">{t('clashes.back')}</Link>
      </p>
    </section>
  );
}

/** What the clash's status shows: the lobby, the match, the ranking (with the rematch), or its cancellation. */
function ClashBody({
  clash,
  viewerId,
  log,
  send,
}: {
  clash: ClashResource;
  viewerId: number | null;
  log: ClashLogEntry[];
  send: LiveClashProps['send'];
}) {
  const { t } = useTranslation();
  switch (clash.status) {
    case 'PENDING':
      return <Lobby clash={clash} viewerId={viewerId} />;
    case 'IN_PROGRESS':
      return (
        <LiveClash
          clash={clash}
          viewerId={viewerId}
          log={log}
          send={send}
          onOffline={() => toast.error(t('clashes.talk.offline'))}
        />
      );
    case 'COMPLETED':
    case 'ABANDONED':
      return (
        <>
          <RematchPanel clash={clash} />
          <CompletedClash clash={clash} viewerId={viewerId} log={log} />
        </>
      );
    default:
      return <p className="card clash-cancelled">{t('clashes.cancelled')}</p>;
  }
}

/** `/clashes/:id`: the lobby of a pending clash, the live match, then the final ranking. */
export default function Clash() {
  const { t } = useTranslation();
  const { id } = useParams();
  const clashId = Number(id);
  if (!Number.isSafeInteger(clashId) || clashId <= 0) {
    return (
      <section className="page clash-page" aria-labelledby="clash-title">
        <h1 id="clash-title">{t('clashes.title')}</h1>
        <GameFailed message={t('clashes.notFound', { id })} />
      </section>
    );
  }
  return <ClashScreen key={clashId} id={clashId} />;
}
