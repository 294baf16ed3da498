import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeRules } from '../../../game/rules';
import { progress, totalSum } from '../../../game/sums';
import { passDevice, tableCompleted, type TableGame } from '../../../game/table';
import { useClearTableGames, useDeleteTableGame, useTableGames } from '../../api/tableGames';
import { formatPercent } from '../../format';
import { ConfirmDialog } from '../ConfirmDialog';
import { GameFailed, GameLoading } from '../game/GameScreen';
import { rulesName } from '../rules/rulesName';
import { toastError } from '../Toasts';
import { nameList, tableKindName } from './tableText';

/** "Pass and play: Ana, Ben and Ivo": a game as the list and the delete question name it. */
function gameName(t: TFunction, game: TableGame, language: string) {
  return `${tableKindName(t, game)}: ${nameList(
    game.players.map((p) => p.name),
    language,
  )}`;
}

/**
 * The games kept on this device, the latest played first: what each is, who plays, its rule set, the
 * totals, how far it is and when it was last played; each can be resumed or deleted, and all cleared.
 */
export function SavedTableGames() {
  const { t, i18n } = useTranslation();
  const games = useTableGames();
  const remove = useDeleteTableGame();
  const clear = useClearTableGames();
  const [deleting, setDeleting] = useState<TableGame | null>(null);
  const [clearing, setClearing] = useState(false);
  const list = games.data ?? [];

  return (
    <section className="table-saved" aria-labelledby="table-saved-title">
      <div className="table-saved-head">
        <h2 id="table-saved-title">{t('table.saved.title')}</h2>
        {list.length > 0 ? (
          <button type="button" className="button button-danger" onClick={() => setClearing(true)}>
            {t('table.saved.clear')}
          </button>
        ) : null}
      </div>
      {games.isError ? (
        <GameFailed message={errorText(games.error)} onRetry={() => void games.refetch()} />
      ) : !games.data ? (
        <GameLoading />
      ) : list.length === 0 ? (
        <p className="muted">{t('table.saved.empty')}</p>
      ) : (
        <ul className="table-saved-list">
          {list.map((game) => (
            <SavedGame key={game.id} game={game} onDelete={() => setDeleting(game)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('table.saved.deleteTitle')}
        message={
          deleting ? t('table.saved.deleteText', { game: gameName(t, deleting, i18n.language) }) : null
        }
        confirmLabel={t('table.saved.delete')}
        danger
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onError: toastError });
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={clearing}
        title={t('table.saved.clearTitle')}
        message={t('table.saved.clearText')}
        confirmLabel={t('table.saved.clear')}
        danger
        onConfirm={() => {
          clear.mutate(undefined, { onError: toastError });
          setClearing(false);
        }}
        onCancel={() => setClearing(false)}
      />
    </section>
  );
}

const errorText = (error: Error) => error.message;

function SavedGame({ game, onDelete }: { game: TableGame; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const done = tableCompleted(game);
  const filled = Math.round(
    game.players.reduce((sum, p) => sum + progress(p.state.sheet), 0) / game.players.length,
  );
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    game.updatedAt,
  );
  // While the device is being passed on, the next player's turn is the one to come back to.
  const next = passDevice(game, game.updatedAt);
  const onTurn = next.players[next.turn]?.name ?? '';
  const titleId = `table-saved-${game.id}`;
  return (
    <li className="card table-saved-item" aria-labelledby={titleId} data-testid="table-saved-game">
      <div className="table-saved-line">
        <h3 id={titleId} className="table-saved-name">
          {gameName(t, game, i18n.language)}
        </h3>
        <span className={done ? 'board-chip board-chip--completed' : 'board-chip'}>
          {t(done ? 'table.saved.finished' : 'table.saved.inProgress')}
        </span>
      </div>
      <p className="table-saved-totals">
        {game.players.map((p, index) => (
          // Index keys: the players of a game never change order.
          <span key={index} className="table-saved-total">
            {p.name} <strong>{totalSum(p.state.sheet)}</strong>
          </span>
        ))}
      </p>
      <p className="muted table-saved-meta">
        <span>{t('game.ruleSets.label', { name: rulesName(t, describeRules(game.rules)) })}</span>
        <span>{t('table.saved.progress', { progress: formatPercent(filled, i18n.language) })}</span>
        {!done && game.players.length > 1 ? <span>{t('table.saved.turnOf', { name: onTurn })}</span> : null}
        <span>{t('table.saved.updated', { time })}</span>
      </p>
      <div className="table-saved-actions">
        <Link to={`/table/${game.id}`} className="button button-primary">
          {t(done ? 'table.saved.result' : 'table.saved.resume')}
        </Link>
        <button type="button" className="button" onClick={onDelete}>
          {t('table.saved.delete')}
        </button>
      </div>
    </li>
  );
}
