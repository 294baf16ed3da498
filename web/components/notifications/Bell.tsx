import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { badgeText } from '../../api/notificationCache';
import { useNotifications } from '../../api/notifications';
import { useLayout } from '../../layout';
import { BellIcon } from '../icons';
import './notifications.css';

/**
 * The notification bell of the top bar (SPEC section 2): the unread count on it, capped at "99+", and
 * the list dialog (<NotificationsDialog>, mounted by the layout) on a click. Registered players only.
 */
export function Bell() {
  const { t } = useTranslation();
  const { notificationsOpen, setNotificationsOpen } = useLayout();
  const count = useNotifications().data?.total ?? 0;
  const { pathname } = useLocation();

  // The back button or a redirect leaves the list behind, like the menu.
  useEffect(() => {
    setNotificationsOpen(false);
  }, [pathname, setNotificationsOpen]);

  const label = count > 0 ? t('nav.bellUnread', { count }) : t('nav.bell');
  return (
    <button
      type="button"
      className="bell"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={notificationsOpen}
      title={label}
      onClick={() => setNotificationsOpen(true)}
    >
      <BellIcon />
      {count > 0 ? (
        <span className="bell-badge" aria-hidden="true">
          {badgeText(count)}
        </span>
      ) : null}
    </button>
  );
}
