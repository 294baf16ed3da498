import { useTranslation } from 'react-i18next';
import { type RATING_SORTS, type RatingEntry } from '../../../contract/ratings';
import type { PresetName } from '../../../game/rules';
import { usePagedList } from '../../api/pages';
import { ratingKeys } from '../../api/ratings';
import { useSession } from '../../api/session';
import { RatingValue } from '../player/RatingBadge';
import { PlayerLink } from '../table/cells';
import { type Column, DataTable } from '../table/DataTable';

type RatingSort = (typeof RATING_SORTS)[number];

/**
 * The rankings' Rating tab: every player rated in the preset by their clash rating in it, server-paged;
 * the viewer's row marked.
 */
export function RatingTable({ preset }: { preset: PresetName }) {
  const { t, i18n } = useTranslation();
  const { player: me } = useSession();
  const list = usePagedList<RatingEntry, RatingSort>({
    key: ratingKeys.list(),
    path: '/ratings/',
    name: 'ratings',
    inAddress: true,
    sorts: ['value'],
    sort: 'value',
    filters: { preset },
  });
  const number = new Intl.NumberFormat(i18n.language);
  const offset = (list.info?.number ?? 0) * (list.info?.size ?? 0);
  const position = new Map(list.rows.map((row, i) => [row.player.id, offset + i + 1]));
  const columns: Column<RatingEntry, RatingSort>[] = [
    {
      id: 'position',
      label: '#',
      numeric: true,
      render: (row) => number.format(position.get(row.player.id) ?? 0),
    },
    {
      id: 'player',
      label: t('scores.player'),
      rowHeader: true,
      render: (row) => (
        <>
          <PlayerLink player={row.player} />
          {row.player.id === me?.id ? <span className="ranking-you">{t('player.you')}</span> : null}
        </>
      ),
    },
    {
      id: 'value',
      label: t('rankings.rating.value'),
      sort: 'value',
      numeric: true,
      render: (row) => <RatingValue rating={row} />,
    },
    {
      id: 'clashes',
      label: t('rankings.rating.clashes'),
      numeric: true,
      render: (row) => number.format(row.clashes),
    },
  ];
  return (
    <>
      <p className="ranking-mine muted">{t('rankings.rating.about')}</p>
      <DataTable
        id="ratings"
        list={list}
        columns={columns}
        caption={t('rankings.rating.caption')}
        rowKey={(row) => row.player.id}
        rowClassName={(row) => (row.player.id === me?.id ? 'data-row-mine' : undefined)}
        empty={t('rankings.rating.empty')}
      />
    </>
  );
}
