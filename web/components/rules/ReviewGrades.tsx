import { useTranslation } from 'react-i18next';
import { GRADE_LIMITS, GRADES } from '../../../game/grades';

/**
 * The review's five words on the rules page (issue 30), each with the points it allows, read from the
 * constants the review grades with (game/grades.ts), so the page and the grades never disagree.
 */
export function ReviewGrades() {
  const { t, i18n } = useTranslation();
  const points = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const limit = (grade: (typeof GRADES)[number]) =>
    grade === 'blunder'
      ? t('replay.rules.over', { points: points.format(GRADE_LIMITS.mistake) })
      : t('replay.rules.upTo', { points: points.format(GRADE_LIMITS[grade]) });
  return (
    <>
      <h3 id="review-grades">{t('replay.rules.title')}</h3>
      <p>{t('replay.rules.text')}</p>
      <dl className="rules-columns">
        {GRADES.map((grade) => (
          <div key={grade}>
            <dt>{t(`replay.grades.${grade}`)}</dt>
            <dd>{limit(grade)}</dd>
          </div>
        ))}
      </dl>
      <p>{t('replay.rules.accuracy', { points: points.format(GRADE_LIMITS.good) })}</p>
    </>
  );
}
