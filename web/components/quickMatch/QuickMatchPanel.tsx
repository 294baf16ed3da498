import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlayer } from '../../api/players';
import { useQuickMatch } from '../../api/quickMatch';
import { botOffered, formatWait } from '../../api/quickMatchState';
import { RatingValue } from '../player/RatingBadge';
import './quickMatch.css';

/** How long the panel says who was met, over the clash page that opened at once. */
export const MET_SHOWN_MS = 6000;

/** Moves focus back to the "Play someone now" button when there is one, else to the page. */
function focusPage() {
  window.requestAnimationFrame(() => {
    const target =
      document.querySelector<HTMLElement>('[data-play-now]:not(:disabled)') ??
      document.getElementById('main');
    target?.focus();
  });
}

/** The wait, counted every second from the tab's own clock. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

function Waiting() {
  const { t } = useTranslation();
  const { state, cancel, keepWaiting, playBot } = useQuickMatch();
  const now = useNow(state.phase === 'waiting');
  const panel = useRef<HTMLElement>(null);
  const since = state.phase === 'waiting' ? state.since : now;
  const offered = botOffered(state, now);

  // Pressing "Play someone now" disables it: focus comes here, where Cancel is.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.hasAttribute('data-play-now')) panel.current?.focus();
  }, []);

  const leave = () => {
    cancel();
    focusPage();
  };
  const bot = state.phase === 'bot';
  return (
    <section
      ref={panel}
      className="quick-match-panel"
      aria-label={t('quickMatchPanel.panel')}
      tabIndex={-1}
      data-offer={offered ? '' : undefined}
    >
      <div className="quick-match-line">
        {/* Only the sentence is live: the clock beside it would be read out every second. */}
        <p className="quick-match-text" role="status">
          {bot
            ? t('quickMatchPanel.startingBot')
            : offered
              ? t('quickMatchPanel.nobody')
              : t('quickMatchPanel.looking')}
        </p>
        {bot ? null : (
          <span className="quick-match-clock">
            <span className="visually-hidden">{t('quickMatchPanel.waited')} </span>
            {formatWait(now - since)}
          </span>
        )}
      </div>
      {bot ? null : (
        <div className="quick-match-actions">
          {offered ? (
            <>
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  panel.current?.focus();
                  playBot();
                }}
              >
                {t('quickMatchPanel.playBot')}
              </button>
              <button type="button" className="button" onClick={keepWaiting}>
                {t('quickMatchPanel.keepWaiting')}
              </button>
            </>
          ) : null}
          <button type="button" className="button" onClick={leave}>
            {t('quickMatchPanel.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}

function Met({ opponentId, name }: { opponentId: number; name: string }) {
  const { t } = useTranslation();
  const { dismiss, preset } = useQuickMatch();
  // Their rating in the preset the match is played in (a rating per preset).
  const rating = usePlayer(opponentId).data?.ratings?.[preset];
  useEffect(() => {
    const timer = window.setTimeout(dismiss, MET_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [dismiss]);
  return (
    <section className="quick-match-panel quick-match-panel--met" aria-label={t('quickMatchPanel.panel')}>
      <p className="quick-match-text" role="status">
        <span className="quick-match-found">{t('quickMatchPanel.found')}</span>{' '}
        <strong className="quick-match-name">{name}</strong>
        {rating ? (
          <>
            {' '}
            <RatingValue rating={rating} />
          </>
        ) : null}
      </p>
      <button type="button" className="button quick-match-close" onClick={dismiss}>
        {t('quickMatchPanel.close')}
      </button>
    </section>
  );
}

/** The queue said no: a quick match of the player's is still being played; the way to it, and Close. */
function Seated({ clashId, message }: { clashId: number | null; message: string }) {
  const { t } = useTranslation();
  const { dismiss } = useQuickMatch();
  return (
    <section className="quick-match-panel quick-match-panel--seated" aria-label={t('quickMatchPanel.panel')}>
      <p className="quick-match-text" role="alert">
        {message}
      </p>
      <div className="quick-match-actions">
        {clashId !== null ? (
          <Link className="button button-primary" to={`/clashes/${clashId}`} onClick={dismiss}>
            {t('quickMatchPanel.openSeated')}
          </Link>
        ) : null}
        <button type="button" className="button" onClick={dismiss}>
          {t('quickMatchPanel.close')}
        </button>
      </div>
    </section>
  );
}

/**
 * The page keeps room under its content for the panel, as tall as the panel is now (the offer of the bot
 * and a long language make it taller), so scrolling to the bottom uncovers everything: a form's last button.
 */
function useReservedSpace() {
  useEffect(() => {
    const panel = document.querySelector<HTMLElement>('.quick-match-panel');
    if (!panel) return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty('--quick-match-space', `${Math.ceil(panel.getBoundingClientRect().height)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(panel);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--quick-match-space');
    };
  });
}

/**
 * The quick match on every page: the wait with its clock and Cancel, the bot offered after
 * QUICK_MATCH_BOT_OFFER_MS, and for a moment who was met, over the clash that just opened.
 */
export function QuickMatchPanel() {
  const { state } = useQuickMatch();
  useReservedSpace();
  if (state.phase === 'idle') return null;
  if (state.phase === 'matched') {
    const opponent = state.opponent;
    return opponent ? <Met key={state.clash.id} opponentId={opponent.id} name={opponent.name} /> : null;
  }
  if (state.phase === 'seated') return <Seated clashId={state.clashId} message={state.message} />;
  return <Waiting />;
}
