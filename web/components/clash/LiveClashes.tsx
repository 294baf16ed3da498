import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveClashes } from '../../api/liveClashes';
import { BotBadge } from '../player/BotBadge';
import { When } from '../table/cells';
import './liveClashes.css';
import { failureText } from '../../api/outage';

/**
 * "Live now" on /clashes: the clashes being played, anyone's, each a link to watch it (guests too), with its
 * players in turn order and the one on turn marked.
 */
export function LiveClashes() {
  const { t, i18n } = useTranslation();
  const query = useLiveClashes();
  const clashes = query.data;
  return (
    <section className="card clash-live" aria-labelledby="clash-live-title">
      <h2 id="clash-live-title">{t('clashes.liveNow.title')}</h2>
      {query.isError && !clashes ? (
        <p role="alert">{failureText(query.error, t('clashes.loadFailed'))}</p>
      ) : !clashes ? (
        <p className="muted" role="status">
          {t('lists.loading')}
        </p>
      ) : clashes.length === 0 ? (
        <p className="muted">{t('clashes.liveNow.none')}</p>
      ) : (
        <ul className="clash-live-list">
          {clashes.map((clash) => (
            <li key={clash.id}>
              <Link to={`/clashes/${clash.id}`} className="clash-live-name">
                {clash.name}
                <span className="visually-hidden"> · {t('clashes.liveNow.watch')}</span>
              </Link>
              <span className="clash-live-players">
                {clash.players.map((player, i) => (
                  <span key={player.id} className="clash-live-player">
                    {i > 0 ? <span aria-hidden="true"> · </span> : null}
                    {player.id === clash.turnPlayerId ? (
                      <strong title={t('clashes.liveNow.onTurn')}>
                        {player.name}
                        <span className="visually-hidden"> ({t('clashes.liveNow.onTurn')})</span>
                      </strong>
                    ) : (
                      player.name
                    )}
                    {player.bot ? <BotBadge /> : null}
                  </span>
                ))}
              </span>
              <span className="muted clash-live-when">
                {t('clashes.liveNow.moved')} <When iso={clash.updatedAt} locale={i18n.language} short />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
