import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DieFace } from '../DieFace';
import type { ColumnType, RuleSet } from '../../../game/rules';
import { COLUMN_ICONS } from './columnIcons';

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
 * What each mark of the sheet means: the icons of the game's columns, six dice and the straight by roll where
 * the game has them, the "!" of a box that may be announced, a score preview, the announced and the last
 * filled box, the die faces of the number rows, the sums and the short names of a narrow screen. Loaded
 * when the legend is first opened, with the rules' wording of the columns (not part of the first load).
 */
export function LegendList({ rules }: { rules: RuleSet }) {
  const { t } = useTranslation();
  return (
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
        <Entry mark={<span className="legend-sum">6</span>}>{t('legend.sixDice')}</Entry>
      ) : null}
      {rules.straight === 'BY_ROLL' ? (
        <Entry mark={<span className="legend-sum">66</span>}>{t('legend.byRoll')}</Entry>
      ) : null}
      <Entry mark={<span className="legend-announce">!</span>}>{t('legend.announce')}</Entry>
      <Entry mark={<span className="legend-preview">12</span>}>{t('legend.preview')}</Entry>
      <Entry mark={<span className="legend-announced">12</span>}>{t('legend.announced')}</Entry>
      <Entry mark={<span className="legend-latest">12</span>}>{t('legend.latest')}</Entry>
      <Entry
        mark={
          <span className="legend-dice">
            <DieFace value={1} size={14} />
            <DieFace value={6} size={14} />
          </span>
        }
      >
        {t('legend.numbers')}
      </Entry>
      <Entry mark={<span className="legend-sum">Σ</span>}>{t('legend.sums')}</Entry>
      <Entry mark={<span className="legend-sum">{t('game.columnsShort.ANNOUNCEMENT')}</span>}>
        {t('legend.short')}
      </Entry>
    </dl>
  );
}
