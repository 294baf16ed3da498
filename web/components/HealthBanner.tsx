import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HEALTH_POLL_MS, useHealth } from '../api/health';
import { useOnline } from '../pwa/early';
import { onDemand } from './onDemand';

const OfflineBanner = onDemand(() => import('../pwa/offline').then((m) => m.OfflineBanner));

/**
 * Says plainly which part of the service is down while /api/health reports it degraded, and what still
 * works: a game in progress is played in its room, so a D1 outage stops lists and sign-in, not moves.
 * With no connection at all it says that instead, and what works offline (issue 28).
 */
export function HealthBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const health = useHealth(HEALTH_POLL_MS);
  if (!online) {
    return (
      <Suspense>
        <OfflineBanner />
      </Suspense>
    );
  }
  const services = health.data?.status === 'degraded' ? health.data.services : null;
  if (!services) return null;
  const down = (['database', 'rooms', 'storage'] as const).filter((name) => !services[name].up);
  if (down.length === 0) return null;
  return (
    <div className="health-banner" role="status" data-testid="health-banner">
      {down.map((name) => (
        <p key={name}>{t(`health.${name}`)}</p>
      ))}
    </div>
  );
}
