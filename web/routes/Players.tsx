import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PLAYER_KINDS, PLAYER_SORTS, type PlayerKind, type PlayerResource } from '../../contract/players';
import { usePagedList } from '../api/pages';
import { playerKeys } from '../api/players';
import { Avatar } from '../components/Avatar';
import { ChoiceGroup } from '../components/ChoiceGroup';
import { COMPACT_TABLE, PlayerLink, When } from '../components/table/cells';
import { type Column, DataTable } from '../components/table/DataTable';
import '../components/player/player.css';
import { useTitle } from '../components/useTitle';
import { useMediaQuery } from '../layout';

type PlayerSort = (typeof PLAYER_SORTS)[number];

const kindOf = (value: string | null): PlayerKind =>
  (PLAYER_KINDS as readonly string[]).includes(value ?? '') ? (value as PlayerKind) : 'registered';

/**
 * `/players`: the registered players, a page at a time, newest first, or the guests or everyone
 * (`?kind=`); a name opens the player's page.
 */
export default function Players() {
  const { t, i18n } = useTranslation();
  useTitle(t('players.title'));
  const compact = useMediaQuery(COMPACT_TABLE);
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const list = usePagedList<PlayerResource, PlayerSort>({
    key: playerKeys.list(),
    path: '/players/',
    name: 'players',
    inAddress: true,
    sorts: PLAYER_SORTS,
    sort: 'createdAt',
    filters: { kind },
  });
  // Another kind starts from its first page, in the same sort and size.
  const choose = (next: PlayerKind) =>
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete('page');
        if (next === 'registered') params.delete('kind');
        else params.set('kind', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
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
          <PlayerLink player={player} oneLine />
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
      <ChoiceGroup
        name="players-kind"
        className="players-kinds"
        legend={t('players.kinds.legend')}
        choices={PLAYER_KINDS}
        value={kind}
        label={(option) => t(`players.kinds.${option}`)}
        onChange={choose}
      />
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
