import { useTranslation } from 'react-i18next';
import { PLAYER_SORTS, type PlayerResource } from '../../contract/players';
import { usePagedList } from '../api/pages';
import { playerKeys } from '../api/players';
import { Avatar } from '../components/Avatar';
import { COMPACT_TABLE, PlayerLink, When } from '../components/table/cells';
import { type Column, DataTable } from '../components/table/DataTable';
import '../components/player/player.css';
import { useTitle } from '../components/useTitle';
import { useMediaQuery } from '../layout';

type PlayerSort = (typeof PLAYER_SORTS)[number];

/** `/players`: every player, a page at a time, newest first; a name opens the player's page. */
export default function Players() {
  const { t, i18n } = useTranslation();
  useTitle(t('players.title'));
  const compact = useMediaQuery(COMPACT_TABLE);
  const list = usePagedList<PlayerResource, PlayerSort>({
    key: playerKeys.list(),
    path: '/players/',
    name: 'players',
    inAddress: true,
    sorts: PLAYER_SORTS,
    sort: 'createdAt',
  });
  const columns: Column<PlayerResource, PlayerSort>[] = [
    {
      id: 'name',
      label: t('players.name'),
      sort: 'name',
      firstOrder: 'ASC',
      rowHeader: true,
      render: (player) => (
        <span className="data-player">
          <Avatar player={player} size={28} />
          <PlayerLink player={player} />
        </span>
      ),
    },
    {
      id: 'createdAt',
      label: t('players.joined'),
      sort: 'createdAt',
      render: (player) => <When iso={player.createdAt} locale={i18n.language} short={compact} />,
    },
  ];
  return (
    <section className="page players-page" aria-labelledby="players-title">
      <h1 id="players-title">{t('players.title')}</h1>
      <p className="muted">{t('players.intro')}</p>
      <DataTable
        id="players"
        list={list}
        columns={columns}
        caption={t('players.title')}
        rowKey={(player) => player.id}
        empty={t('players.empty')}
      />
    </section>
  );
}
