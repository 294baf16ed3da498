import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type TableGame, tableStandings } from '../../../game/table';
import { nameList, tablePoints } from './tableText';

/** What a screen reader hears when the game ends: who came first, and with how many points. */
export function useEndSaid(game: TableGame, done: boolean): string {
  const { t, i18n } = useTranslation();
  if (!done) return '';
  const winners = tableStandings(game).filter((s) => s.place === 1);
  const points = tablePoints(t, winners[0]?.total ?? 0);
  return winners.length === 1
    ? t('table.end.saidOne', { name: winners[0]?.name ?? '', points })
    : t('table.end.saidTie', {
        names: nameList(
          winners.map((w) => w.name),
          i18n.language,
        ),
        points,
      });
}

/**
 * The end of a game at the table: everyone's place (tied totals share one: 1., 1., 3.) and total, and what
 * next: the same players again, back to the table, or the last fill taken back when it was a mistake.
 */
export function TableEnd({
  game,
  starting,
  onAgain,
  onUndo,
}: {
  game: TableGame;
  starting: boolean;
  onAgain: () => void;
  onUndo: (() => void) | null;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The ranking takes the focus when it comes: the board the last fill was made on is gone.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card table-end" aria-labelledby="table-end-title">
      <h2 id="table-end-title" ref={heading} tabIndex={-1}>
        {t('table.end.title')}
      </h2>
      <ol className="table-ranking" data-testid="table-ranking">
        {tableStandings(game).map((standing) => (
          <li
            key={standing.player}
            className={standing.place === 1 ? 'table-rank table-rank--first' : 'table-rank'}
          >
            <span className="table-rank-place">{t('table.game.place', { place: standing.place })}</span>
            <span className="table-rank-name">{standing.name}</span>
            <span className="table-rank-points">{tablePoints(t, standing.total)}</span>
          </li>
        ))}
      </ol>
      <div className="table-end-actions">
        <button type="button" className="button button-primary" disabled={starting} onClick={onAgain}>
          {t('table.end.again')}
        </button>
        <Link to="/table" className="button">
          {t('table.end.back')}
        </Link>
        {onUndo ? (
          <button type="button" className="button" onClick={onUndo}>
            {t('table.end.undo')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
