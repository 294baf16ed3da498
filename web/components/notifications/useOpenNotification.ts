import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { appPath } from '../../api/notificationCache';
import { useReadNotification } from '../../api/notifications';
import { toastError } from '../Toasts';
import type { NotificationResource } from '../../../contract/notifications';

/** Following a notification (from the list or its toast) marks it read and goes where it leads. */
export function useOpenNotification(): (notification: NotificationResource) => void {
  const navigate = useNavigate();
  const { mutate: read } = useReadNotification(toastError);
  return useCallback(
    (notification: NotificationResource) => {
      read(notification);
      const path = appPath(notification.link, window.location.origin);
      if (path) void navigate(path);
    },
    [navigate, read],
  );
}
