import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ClashResource } from '../../contract/clashes';
import { ApiError } from '../api/client';
import { useClash, useLiveClash } from '../api/clash';
import { useRatingsAfter } from '../api/ratings';
import type { LiveState } from '../api/live';
import { useSession } from '../api/session';
import { ClashFeed, useClashFeed } from '../components/clash/ClashFeed';
import { useClashLog } from '../components/clash/ClashLog';
import { useTurnSignal } from '../components/clash/useTurnSignal';
import { CompletedClash, LiveClash } from '../components/clash/LiveClash';
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

  if (!clash) {
    if (query.isError) {
      const status = query.error instanceof ApiError ? query.error.status : 0;
      return (
        <section className="page clash-page" aria-labelledby="clash-title">
          <h1 id="clash-title">{t('clashes.title')}</h1>
          <GameFailed
            message={status === 404 || status === 403 ? t('clashes.notFound', { id }) : query.error.message}
            onRetry={status === 404 || status === 403 ? undefined : () => void query.refetch()}
          />
          <p>
            <Link to="/clashes">{t('clashes.back')}</Link>
          </p>
        </section>
      );
    }
    return <GameLoading />;
  }

  let body;
  switch (clash.status) {
    case 'PENDING':
      body = <Lobby clash={clash} viewerId={viewerId} />;
      break;
    case 'IN_PROGRESS':
      body = (
        <LiveClash
          clash={clash}
          viewerId={viewerId}
          log={log.entries}
          send={send}
          onOffline={() => toast.error(t('clashes.talk.offline'))}
        />
      );
      break;
    case 'COMPLETED':
    case 'ABANDONED':
      body = (
        <>
          <RematchPanel clash={clash} />
          <CompletedClash clash={clash} viewerId={viewerId} log={log.entries} />
        </>
      );
      break;
    default:
      body = <p className="card clash-cancelled">{t('clashes.cancelled')}</p>;
  }

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
      {body}
      <ClashFeed items={feed.items} />
    </section>
  );
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
