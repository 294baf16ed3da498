import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { usePresenceMessages } from '../../api/presence';
import { useQuickMatch } from '../../api/quickMatch';
import type { NotificationResource } from '../../../contract/notifications';
import { loadAllEnglish } from '../../i18n';
import { useLayout } from '../../layout';
import { BellIcon } from '../icons';
import { useOpenNotification } from './useOpenNotification';
import { notificationText } from './wording';
import './notifications.css';

/** Longer than the 3 s of a plain toast (SPEC section 9 lets informational ones differ): it is something to click. */
export const NOTIFICATION_TOAST_MS = 6000;

/**
 * Whether the screen tells the notification already: it leads to the page open now (a clash's start or turn
 * seen on that clash), or it is the quick match this tab's panel is announcing.
 */
export function shownOnScreen(
  notification: Pick<NotificationResource, 'kind' | 'link'>,
  path: string,
  quickMatchPhase: string,
): boolean {
  if (notification.link !== null && notification.link === path) return true;
  return notification.kind === 'quick-match-found' && quickMatchPhase !== 'idle';
}

/**
 * A notification pushed to this tab shows as a toast (SPEC section 7) that, clicked, goes where the
 * notification leads and marks it read. With the list open it is already on screen, and gets no toast;
 * nor does one the screen shows already (`shownOnScreen`): it would only cover what it says.
 */
export function NotificationToasts() {
  const { t } = useTranslation();
  const { notificationsOpen } = useLayout();
  const open = useOpenNotification();
  const quickMatch = useQuickMatch().state.phase;

  usePresenceMessages((message) => {
    if (message.type !== 'NOTIFICATION' || notificationsOpen) return;
    const { notification } = message;
    if (shownOnScreen(notification, window.location.pathname, quickMatch)) return;
    // The notifications' wording is not part of the first load (i18n.ts): the first toast fetches it.
    void loadAllEnglish().then(() => show(notification));
  });

  const show = (notification: NotificationResource) =>
    toast(
      (shown) => (
        <button
          type="button"
          className="notification-toast"
          onClick={() => {
            toast.dismiss(shown.id);
            open(notification);
          }}
        >
          <BellIcon />
          <span>{notificationText(t, notification)}</span>
        </button>
      ),
      { id: `notification-${notification.id}`, duration: NOTIFICATION_TOAST_MS },
    );
  return null;
}
