import { useTranslation } from 'react-i18next';
import { HEALTH_POLL_MS, useHealth } from '../api/health';

/**
 * Says plainly which part of the service is down while /api/health reports it degraded, and what still
 * works: a game in progress is played in its room, so a D1 outage stops lists and sign-in, not moves.
 */
export function HealthBanner() {
  const { t } = useTranslation();
  const health = useHealth(HEALTH_POLL_MS);
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
