import { useTranslation } from 'react-i18next';
import { formatDateTime } from './format';

/** A date and time in a list cell: one line where there is room, wrapped after the date on a phone. */
export function DateTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <time className="list-date" dateTime={iso}>
      {formatDateTime(iso, i18n.language)}
    </time>
  );
}
