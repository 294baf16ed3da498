// The review's words for a decision (issue 30), by the points it gives up in the advisor's evaluation: apart
// from game/review.ts so that the rules page can say them without loading the advisor.

/** The words of the review, best first. */
export const GRADES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'] as const;
export type Grade = (typeof GRADES)[number];

/**
 * The most points a choice may give up and still earn each word; a blunder gives up more than a mistake
 * may. "Best" leaves room for rounding, not for a worse choice.
 */
export const GRADE_LIMITS: Readonly<Record<Exclude<Grade, 'blunder'>, number>> = {
  best: 0.05,
  good: 1.5,
  inaccuracy: 4,
  mistake: 10,
};

/** The word for a choice that gives up `lost` points. */
export function gradeOf(lost: number): Grade {
  if (lost <= GRADE_LIMITS.best) return 'best';
  if (lost <= GRADE_LIMITS.good) return 'good';
  if (lost <= GRADE_LIMITS.inaccuracy) return 'inaccuracy';
  if (lost <= GRADE_LIMITS.mistake) return 'mistake';
  return 'blunder';
}
