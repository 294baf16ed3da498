import { useTranslation } from 'react-i18next';

const COLUMNS = ['downwards', 'upwards', 'free', 'announcement'] as const;
const SCORING = ['numbers', 'max', 'min', 'trips', 'straight', 'boat', 'carriage', 'yamb'] as const;
const SUMS = ['top', 'middle', 'bottom'] as const;

/** How to play Yamb; the figures match game/score.ts and game/sums.ts. */
export function RulesTab() {
  const { t } = useTranslation();
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
      <p>{t('rules.sheet.boxes')}</p>

      <h3>{t('rules.scoring.title')}</h3>
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
            {SCORING.map((box) => (
              <tr key={box}>
                <th scope="row">{t(`rules.scoring.rows.${box}.name`)}</th>
                <td>{t(`rules.scoring.rows.${box}.score`)}</td>
                <td>{t(`rules.scoring.rows.${box}.example`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
    </div>
  );
}
