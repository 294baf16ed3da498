import { useTranslation } from 'react-i18next';
import { DAILY_RANKED_ACCOUNT_DAYS, DAILY_RANKED_MIN_GAMES } from '../../../contract/daily';
import { BOX_TYPES, type BoxType } from '../../../game/types';
import { PRESET_NAMES } from '../../../game/rules';
import { PuzzleRules } from '../rules/PuzzleRules';
import { ReviewGrades } from '../rules/ReviewGrades';

const COLUMNS = ['downwards', 'upwards', 'free', 'announcement'] as const;
/** The columns of the other rule sets (issue 27), explained under "Rule sets". */
const MORE_COLUMNS = ['hand', 'middle', 'edges'] as const;
const RULE_SET_NOTES = ['sixDice', 'byRoll', 'chains', 'handOnly'] as const;
/** Each row of the scoring table, with the box it describes (the numbers row covers Ones to Sixes). */
const SCORING: { row: string; box: BoxType | null }[] = [
  { row: 'numbers', box: null },
  { row: 'max', box: 'MAX' },
  { row: 'min', box: 'MIN' },
  { row: 'trips', box: 'TRIPS' },
  { row: 'straight', box: 'STRAIGHT' },
  { row: 'boat', box: 'BOAT' },
  { row: 'carriage', box: 'CARRIAGE' },
  { row: 'yamb', box: 'YAMB' },
];
const SUMS = ['top', 'middle', 'bottom'] as const;

/** What each box scores, with an example. */
function ScoringTable() {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="table">
        <caption className="visually-hidden">{t('rules.scoring.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rules.scoring.box')}</th>
            <th scope="col">{t('rules.scoring.score')}</th>
            <th scope="col">{t('rules.scoring.example')}</th>
          </tr>
        </thead>
        <tbody>
          {SCORING.map(({ row, box }) => (
            <tr key={row}>
              <th scope="row">
                {box
                  ? t(`game.boxes.${box}`)
                  : t('rules.scoring.rows.numbers.name', {
                      first: t('game.boxes.ONES'),
                      last: t('game.boxes.SIXES'),
                    })}
              </th>
              <td>{t(`rules.scoring.rows.${row}.score`)}</td>
              <td>{t(`rules.scoring.rows.${row}.example`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * How to play Yamb; the figures match game/score.ts and game/sums.ts. Box names come from the sheet's
 * own keys (game.boxes), so the rules always call a box what the sheet calls it.
 */
export function RulesTab() {
  const { t } = useTranslation();
  const names = (boxes: readonly BoxType[]) => boxes.map((box) => t(`game.boxes.${box}`)).join(', ');
  return (
    <div className="card prose rules">
      <h2>{t('rules.title')}</h2>
      <p>{t('rules.intro')}</p>

      <h3>{t('rules.turn.title')}</h3>
      <p>{t('rules.turn.rolls')}</p>
      <p>{t('rules.turn.fill')}</p>

      <h3>{t('rules.sheet.title')}</h3>
      <p>{t('rules.sheet.text')}</p>
      <dl className="rules-columns">
        {COLUMNS.map((column) => (
          <div key={column}>
            <dt>{t(`rules.columns.${column}.name`)}</dt>
            <dd>{t(`rules.columns.${column}.text`)}</dd>
          </div>
        ))}
      </dl>
      <p>
        {t('rules.sheet.boxes', {
          top: names(BOX_TYPES.slice(0, 6)),
          middle: names(BOX_TYPES.slice(6, 8)),
          bottom: names(BOX_TYPES.slice(8)),
        })}
      </p>

      <h3>{t('rules.scoring.title')}</h3>
      <ScoringTable />
      <p>{t('rules.scoring.zero')}</p>

      <h3>{t('rules.sums.title')}</h3>
      <ul>
        {SUMS.map((sum) => (
          <li key={sum}>
            <strong>{t(`rules.sums.${sum}.name`)}</strong> {t(`rules.sums.${sum}.text`)}
          </li>
        ))}
      </ul>

      <h3>{t('rules.end.title')}</h3>
      <p>{t('rules.end.text')}</p>

      {/* The presets and what they add: the hand column, the chains, six dice and the straight by roll. */}
      <h3 id="rule-sets">{t('ruleSets.page.title')}</h3>
      <p>{t('ruleSets.page.intro')}</p>
      <dl className="rules-columns">
        {PRESET_NAMES.map((preset) => (
          <div key={preset}>
            <dt>{t(`game.ruleSets.names.${preset}`)}</dt>
            <dd>{t(`ruleSets.presets.${preset}`)}</dd>
          </div>
        ))}
      </dl>
      <dl className="rules-columns">
        {MORE_COLUMNS.map((column) => (
          <div key={column}>
            <dt>{t(`rules.columns.${column}.name`)}</dt>
            <dd>{t(`rules.columns.${column}.text`)}</dd>
          </div>
        ))}
      </dl>
      {RULE_SET_NOTES.map((note) => (
        <p key={note}>{t(`ruleSets.page.${note}`)}</p>
      ))}

      {/* What the same dice for everyone cannot prevent, said plainly, and who is ranked. */}
      <h3 id="daily-fair-play">{t('rules.daily.title')}</h3>
      <p>{t('rules.daily.same')}</p>
      <p>{t('rules.daily.friend')}</p>
      <p>{t('rules.daily.ranked', { days: DAILY_RANKED_ACCOUNT_DAYS, count: DAILY_RANKED_MIN_GAMES })}</p>

      <ReviewGrades />
      <PuzzleRules />
    </div>
  );
}
