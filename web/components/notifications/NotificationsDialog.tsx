import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appPath } from '../../api/notificationCache';
import { useNotifications, useReadAllNotifications, useReadNotification } from '../../api/notifications';
import { useLayout } from '../../layout';
import { BellIcon, CheckIcon, CloseIcon } from '../icons';
import { toastError } from '../Toasts';
import { useModalDialog } from '../useModalDialog';
import { useOpenNotification } from './useOpenNotification';
import { fullTime, notificationText, timeAgo } from './wording';
import type { NotificationResource } from '../../../contract/notifications';
import './notifications.css';

function NotificationItem({
  notification,
  onOpen,
  onRead,
}: {
  notification: NotificationResource;
  onOpen: () => void;
  onRead: () => void;
}) {
  const { t, i18n } = useTranslation();
  const textId = useId();
  const path = appPath(notification.link, window.location.origin);
  const body = (
    <>
      <span id={textId} className="notification-text">
        {notificationText(t, notification)}
      </span>
      <time
        className="notification-time"
        dateTime={notification.createdAt}
        title={fullTime(notification.createdAt, i18n.language)}
      >
        {timeAgo(notification.createdAt, Date.now(), i18n.language)}
      </time>
    </>
  );
  return (
    <li className="notification">
      {path ? (
        <Link to={path} className="notification-open" onClick={onOpen}>
          {body}
        </Link>
      ) : (
        <button type="button" className="notification-open" onClick={onOpen}>
          {body}
        </button>
      )}
      <button
        type="button"
        className="notification-read"
        aria-label={t('notifications.markRead')}
        aria-describedby={textId}
        title={t('notifications.markRead')}
        onClick={onRead}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

/** The list, or what stands in for it: loading, a failed load with a retry, or nothing to read. */
function NotificationsContent({
  query,
  onOpen,
  onRead,
}: {
  query: ReturnType<typeof useNotifications>;
  onOpen: (notification: NotificationResource) => void;
  onRead: (notification: NotificationResource) => void;
}) {
  const { t } = useTranslation();
  const list = query.data?.notifications ?? [];
  if (query.isPending) {
    return <p className="notifications-status">{t('notifications.loading')}</p>;
  }
  if (query.isError && !query.data) {
    return (
      <div className="notifications-status" role="alert">
        <p>{t('notifications.loadFailed')}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t('notifications.retry')}
        </button>
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <div className="notifications-empty">
        <BellIcon />
        <p className="notifications-empty-title">{t('notifications.empty')}</p>
        <p className="notifications-empty-hint">{t('notifications.emptyHint')}</p>
      </div>
    );
  }
  return (
    <ul className="notifications-list">
      {list.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          onOpen={() => onOpen(notification)}
          onRead={() => onRead(notification)}
        />
      ))}
    </ul>
  );
}

/**
 * The notification list (SPEC section 2) in a modal <dialog>, newest first: following one marks it read,
 * the check mark marks it read where it is, "Mark all read" empties the list. Open while the layout's
 * notificationsOpen flag is set (the bell sets it).
 */
export function NotificationsDialog() {
  const { t } = useTranslation();
  const { notificationsOpen, setNotificationsOpen } = useLayout();
  const close = () => setNotificationsOpen(false);
  const dialog = useModalDialog(notificationsOpen, close);
  const titleId = useId();
  const query = useNotifications();
  const { mutate: read } = useReadNotification(toastError);
  const readAll = useReadAllNotifications(toastError);
  const open = useOpenNotification();
  const list = query.data?.notifications ?? [];
  return (
    <dialog {...dialog} className="notifications-dialog" aria-labelledby={titleId}>
      <div className="notifications-head">
        <h2 id={titleId} className="notifications-title">
          {t('notifications.title')}
        </h2>
        <button
          type="button"
          className="notifications-close"
          aria-label={t('notifications.close')}
          title={t('notifications.close')}
          onClick={close}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="notifications-body">
        <NotificationsContent
          query={query}
          onOpen={(notification) => {
            close();
            open(notification);
          }}
          onRead={(notification) => read(notification)}
        />
      </div>
      <div className="notifications-actions">
        <button
          type="button"
          className="button"
          disabled={list.length === 0 || readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          <CheckIcon />
          {t('notifications.markAllRead')}
        </button>
      </div>
    </dialog>
  );
}
