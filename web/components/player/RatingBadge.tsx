import { useTranslation } from 'react-i18next';
import './rating.css';
import type { Rating } from '../../../contract/ratings';
import type { PresetName } from '../../../game/rules';
import { usePlayer } from '../../api/players';
import { useHeadToHead } from '../../api/ratings';

/** A rating as one number; a provisional one (fewer than 5 rated clashes) marked with "?" and said in full. */
export function RatingValue({ rating }: { rating: Rating }) {
  const { t, i18n } = useTranslation();
  const value = new Intl.NumberFormat(i18n.language, { useGrouping: false }).format(rating.value);
  const title = t(rating.provisional ? 'rating.titleProvisional' : 'rating.title', { value });
  return (
    <span className="rating-badge" title={title}>
      <span aria-hidden="true">
        {value}
        {rating.provisional ? '?' : ''}
      </span>
      <span className="visually-hidden">{title}</span>
    </span>
  );
}

/**
 * The rating beside a player's name in a clash, in the clash's preset (CLASSIC unless given; none for a
 * custom rule set, which is never rated): their resource, cached, read once per player.
 */
export function PlayerRatingBadge({
  playerId,
  preset = 'CLASSIC',
}: {
  playerId: number;
  preset?: PresetName | null;
}) {
  const ratings = usePlayer(playerId).data?.ratings;
  const rating = preset === null ? undefined : ratings?.[preset];
  return rating ? <RatingValue rating={rating} /> : null;
}

/** The signed-in viewer's wins–losses–ties against an opponent, compact ("You 3–1–0"); nothing until known. */
export function HeadToHeadBadge({ playerId, name }: { playerId: number; name: string }) {
  const { t } = useTranslation();
  const link = usePlayer(playerId).data?._links.headToHead?.href;
  const record = useHeadToHead(playerId, link).data;
  if (!record) return null;
  const counts = { wins: record.wins, losses: record.losses, ties: record.ties };
  const title = t('rating.headToHeadTitle', { ...counts, name });
  return (
    <span className="head-to-head-badge" title={title}>
      <span aria-hidden="true">{t('rating.headToHeadShort', counts)}</span>
      <span className="visually-hidden">{title}</span>
    </span>
  );
}
