import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DieFace } from '../DieFace';
import type { ColumnType, RuleSet } from '../../../game';
import { COLUMN_ICONS } from './columnIcons';
import './legend.css';

function Entry({ mark, children }: { mark: ReactNode; children: ReactNode }) {
  return (
    <div className="legend-entry">
      <dt className="legend-mark">{mark}</dt>
      <dd className="legend-text">{children}</dd>
    </div>
  );
}

/** The column's entry under `rules.columns` (the rules tab says the same). */
const ruleKey = (column: ColumnType) => column.toLowerCase();

/**
 * Under the sheet: a link to the rules (the about screen's rules tab) and what each mark of the sheet
 * means: the icons of the game's columns, six dice and the straight by roll where the game has them, the
 * "!" of a box that may be announced, a score preview, the announced and the last filled box, the die
 * faces of the number rows, the sums and the short names of a narrow screen.
 */
export function SheetLegend({ rules }: { rules: RuleSet }) {
  const { t } = useTranslation();
  return (
    <aside className="legend" aria-label={t('game.legend.title')}>
      {/* The rules start at the top of the about screen, not where the sheet was scrolled to. */}
      <Link className="legend-rules" to="/about#rules" onClick={() => window.scrollTo(0, 0)}>
        {t('game.legend.rules')}
      </Link>
      <details className="legend-details">
        <summary>{t('game.legend.title')}</summary>
        <dl className="legend-list">
          {rules.columns.map((column) => {
            const Icon = COLUMN_ICONS[column];
            return (
              <Entry key={column} mark={<Icon className="legend-icon" />}>
                <strong>{t(`rules.columns.${ruleKey(column)}.name`)}</strong>:{' '}
                {t(`rules.columns.${ruleKey(column)}.text`)}
              </Entry>
            );
          })}
          {rules.dice === 6 ? (
            <Entry mark={<span className="legend-sum">6</span>}>{t('game.legend.sixDice')}</Entry>
          ) : null}
          {rules.straight === 'BY_ROLL' ? (
            <Entry mark={<span className="legend-sum">66</span>}>{t('game.legend.byRoll')}</Entry>
          ) : null}
          <Entry mark={<span className="legend-announce">!</span>}>{t('game.legend.announce')}</Entry>
          <Entry mark={<span className="legend-preview">12</span>}>{t('game.legend.preview')}</Entry>
          <Entry mark={<span className="legend-announced">12</span>}>{t('game.legend.announced')}</Entry>
          <Entry mark={<span className="legend-latest">12</span>}>{t('game.legend.latest')}</Entry>
          <Entry
            mark={
              <span className="legend-dice">
                <DieFace value={1} size={14} />
                <DieFace value={6} size={14} />
              </span>
            }
          >
            {t('game.legend.numbers')}
          </Entry>
          <Entry mark={<span className="legend-sum">Σ</span>}>{t('game.legend.sums')}</Entry>
          <Entry mark={<span className="legend-sum">{t('game.columnsShort.ANNOUNCEMENT')}</span>}>
            {t('game.legend.short')}
          </Entry>
        </dl>
      </details>
    </aside>
  );
}
