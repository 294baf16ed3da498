import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminKeys, type Deletable, useAdminDelete } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { usePagedList } from '../../api/pages';
import { ConfirmDialog } from '../ConfirmDialog';
import { LogLevelBadge } from '../logs/LogLevelBadge';
import { type Column, DataTable } from '../table/DataTable';
import { DateTime } from './DateTime';
import './admin.css';
import type { ClashResource } from '../../../contract/clashes';
import type { GameSummary } from '../../../contract/games';
import type { Links } from '../../../contract/links';
import type { LogSummary } from '../../../contract/logs';
import type { PlayerResource } from '../../../contract/players';

const SECTION_SIZE = 10;

interface Row {
  id: number;
  createdAt: string;
  _links?: Links<'self' | 'delete'>;
}

interface SectionProps<T extends Row> {
  kind: Deletable;
  playerId: number;
  href: string | undefined;
  title: string;
  /** Names the row: the first column's link, the confirmation question and the button's label. */
  name: (row: T) => string;
  link: (row: T) => string;
  /** The columns between the name and the delete button. */
  details: { id: string; label: string; optional?: boolean; render: (row: T) => ReactNode }[];
  /** Why a row may not be deleted from here (in words, in its delete button's place), or null when it may. */
  notDeletable?: (row: T) => string | null;
}

/** A section's columns: the row's name (its link), the details, the date and a delete button that asks first. */
function sectionColumns<T extends Row>(
  t: TFunction,
  { name, link, details, notDeletable }: Pick<SectionProps<T>, 'name' | 'link' | 'details' | 'notDeletable'>,
  deleting: (row: T) => boolean,
  onDelete: (row: T) => void,
): Column<T, 'createdAt'>[] {
  return [
    {
      id: 'name',
      label: t('admin.player.name'),
      rowHeader: true,
      render: (row) => <Link to={link(row)}>{name(row)}</Link>,
    },
    ...details,
    {
      id: 'createdAt',
      label: t('admin.player.createdAt'),
      sort: 'createdAt',
      optional: true,
      render: (row) => <DateTime iso={row.createdAt} />,
    },
    {
      id: 'delete',
      label: t('logs.actions'),
      render: (row) => {
        const why = notDeletable?.(row);
        if (why) return <span className="admin-row-note">{why}</span>;
        return (
          <button
            type="button"
            className="button button-danger button-small"
            aria-label={t('admin.player.deleteOne', { name: name(row) })}
            disabled={deleting(row)}
            onClick={() => onDelete(row)}
          >
            {t('admin.player.delete')}
          </button>
        );
      },
    },
  ];
}

/**
 * One collapsible list of the player's (from their link), fetched when first opened, each row with a
 * delete button that asks first and then calls the admin delete.
 */
function Section<T extends Row>({
  kind,
  playerId,
  href,
  title,
  name,
  link,
  details,
  notDeletable,
}: SectionProps<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<T | null>(null);
  const list = usePagedList<T, 'createdAt'>({
    key: adminKeys.playerList(kind, playerId),
    path: href ?? '',
    name: kind,
    sort: 'createdAt',
    size: SECTION_SIZE,
    enabled: open && href !== undefined,
  });
  const remove = useAdminDelete(kind, (error) => toast.error(errorMessage(error)));
  const total = list.info?.totalElements;

  const columns = sectionColumns(
    t,
    { name, link, details, notDeletable },
    (row) => remove.isPending && remove.variables?.id === row.id,
    setConfirm,
  );

  return (
    <details
      className="card admin-section"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span>
          {title}
          {total === undefined ? null : <span className="muted"> ({total})</span>}
        </span>
      </summary>
      {!href ? (
        <p className="muted">{t('admin.player.noLink')}</p>
      ) : open ? (
        <DataTable
          id={`admin-${kind}`}
          list={list}
          columns={columns}
          caption={title}
          rowKey={(row) => row.id}
          empty={t('admin.player.empty')}
        />
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={t('admin.player.deleteTitle')}
        message={t('admin.player.deleteQuestion', { name: confirm ? name(confirm) : '' })}
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const row = confirm;
          setConfirm(null);
          if (row) remove.mutate(row, { onSuccess: () => toast.success(t('admin.player.deleted')) });
        }}
      />
    </details>
  );
}

/**
 * What admins see on a player's page: the player's games, clashes and logs, each collapsible, with
 * delete buttons that ask first. Mounted for admins only; the server refuses the deletes to anyone else.
 */
export function PlayerAdminSections({ player }: { player: PlayerResource }) {
  const { t } = useTranslation();
  const links = player._links;

  return (
    <section className="admin-sections" aria-label={t('admin.player.label')}>
      <Section<GameSummary>
        kind="games"
        playerId={player.id}
        href={links.games?.href}
        title={t('admin.player.games')}
        name={(game) => t('screens.game', { id: game.id })}
        link={(game) => `/games/${game.id}`}
        // A clash game goes with its clash (the server refuses it alone): that is what an admin deletes.
        notDeletable={(game) => (game.type === 'CLASH' ? t('admin.player.clashGame') : null)}
        details={[
          {
            id: 'status',
            label: t('admin.player.status'),
            render: (game) => t(`game.status.${game.status}`),
          },
          {
            id: 'total',
            label: t('admin.player.totalLabel'),
            optional: true,
            render: (game) => game.totalSum,
          },
        ]}
      />
      <Section<ClashResource>
        kind="clashes"
        playerId={player.id}
        href={links.clashes?.href}
        title={t('admin.player.clashes')}
        name={(clash) => clash.name}
        link={(clash) => `/clashes/${clash.id}`}
        details={[
          {
            id: 'status',
            label: t('admin.player.status'),
            render: (clash) => t(`clashes.status.${clash.status}`),
          },
        ]}
      />
      <Section<LogSummary>
        kind="logs"
        playerId={player.id}
        href={links.logs?.href}
        title={t('admin.player.logs')}
        name={(log) => log.message}
        link={(log) => `/logs/${log.id}`}
        details={[
          { id: 'level', label: t('logs.level'), render: (log) => <LogLevelBadge level={log.level} /> },
        ]}
      />
    </section>
  );
}
