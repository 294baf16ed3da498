import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuickMatch } from '../../api/quickMatch';
import './quickMatch.css';

/**
 * "Play someone now": joins the quick-match queue (the waiting panel takes it from there). Quick matches
 * are rated, so a guest is sent to sign up instead, and told why.
 */
export function PlayNowButton() {
  const { t } = useTranslation();
  const { state, available, join } = useQuickMatch();
  if (!available) {
    return (
      <div className="play-now">
        <Link to="/register" className="button play-now-button" data-play-now="">
          {t('quickMatch.play')}
        </Link>
        <p className="play-now-hint">{t('quickMatch.guestHint')}</p>
      </div>
    );
  }
  const busy = state.phase !== 'idle';
  return (
    <div className="play-now">
      <button
        type="button"
        className="button button-primary play-now-button"
        data-play-now=""
        disabled={busy}
        onClick={join}
      >
        {t('quickMatch.play')}
      </button>
      <p className="play-now-hint">{t('quickMatch.hint')}</p>
    </div>
  );
}
