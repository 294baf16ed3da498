import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Deletable, useAdminDelete, usePagedList } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { ConfirmDialog } from '../ConfirmDialog';
import { LogLevelBadge } from '../logs/LogLevelBadge';
import { formatDateTime } from './format';
import { ListState } from './ListState';
import { Pager } from './Pager';
import './admin.css';
import type { ClashResource } from '../../../contract/clashes';
import type { GameSummary } from '../../../contract/games';
import type { Links } from '../../../contract/links';
import type { LogSummary } from '../../../contract/logs';
import type { PlayerResource } from '../../../contract/players';

const SECTION_SIZE = 10;

interface Row {
  id: number;
  _links?: Links<'self'>;
}

/**
 * One collapsible list of the player's (its link), fetched when first opened, each row with a delete
 * button that asks first and then calls the admin delete.
 */
function Section<T extends Row>({
  kind,
  href,
  title,
  render,
  describe,
}: {
  kind: Deletable;
  href: string | undefined;
  title: string;
  render: (row: T) => ReactNode;
  /** Names the row in the confirmation question and the button's label. */
  describe: (row: T) => string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [confirm, setConfirm] = useState<T | null>(null);
  const query = usePagedList<T>(open && href ? href : null, kind, page, SECTION_SIZE);
  const remove = useAdminDelete(kind, (error) => toast.error(errorMessage(error)));
  const rows = query.data?.items ?? [];
  const total = query.data?.page.totalElements;

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
        <ListState
          pending={query.isPending}
          error={query.error}
          empty={rows.length === 0}
          emptyText={t('admin.player.empty')}
          onRetry={() => void query.refetch()}
        >
          <ul className="admin-rows">
            {rows.map((row) => (
              <li key={row.id} className="admin-row">
                <span className="admin-row-text">{render(row)}</span>
                <button
                  type="button"
                  className="button button-danger button-small"
                  aria-label={t('admin.player.deleteOne', { name: describe(row) })}
                  disabled={remove.isPending && remove.variables?.id === row.id}
                  onClick={() => setConfirm(row)}
                >
                  {t('admin.player.delete')}
                </button>
              </li>
            ))}
          </ul>
          {query.data ? <Pager page={query.data.page} onPage={setPage} label={title} /> : null}
        </ListState>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={t('admin.player.deleteTitle')}
        message={t('admin.player.deleteQuestion', { name: confirm ? describe(confirm) : '' })}
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
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const links = player._links;

  return (
    <section className="admin-sections" aria-label={t('admin.player.label')}>
      <Section<GameSummary>
        kind="games"
        href={links.games?.href}
        title={t('admin.player.games')}
        describe={(game) => t('screens.game', { id: game.id })}
        render={(game) => (
          <>
            <Link to={`/games/${game.id}`}>{t('screens.game', { id: game.id })}</Link>
            <span className="muted">
              {t(`game.status.${game.status}`)} · {t('admin.player.total', { total: game.totalSum })} ·{' '}
              {date(game.updatedAt)}
            </span>
          </>
        )}
      />
      <Section<ClashResource>
        kind="clashes"
        href={links.clashes?.href}
        title={t('admin.player.clashes')}
        describe={(clash) => clash.name}
        render={(clash) => (
          <>
            <Link to={`/clashes/${clash.id}`}>{clash.name}</Link>
            <span className="muted">
              {t(`clashes.status.${clash.status}`)} · {date(clash.createdAt)}
            </span>
          </>
        )}
      />
      <Section<LogSummary>
        kind="logs"
        href={links.logs?.href}
        title={t('admin.player.logs')}
        describe={(log) => log.message}
        render={(log) => (
          <>
            <Link to={`/logs/${log.id}`}>{log.message}</Link>
            <span className="muted">
              <LogLevelBadge level={log.level} /> {date(log.createdAt)}
            </span>
          </>
        )}
      />
    </section>
  );
}
