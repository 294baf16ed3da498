import { useTranslation } from 'react-i18next';
import type { Advice, Decision } from '../../../game/advisor';
import type { Judgement } from '../../../game/puzzles';
import { type Position, stateOf } from '../../../game/replay';
import type { GameState } from '../../../game/types';
import { adviceText } from '../game/advice';

/** The player's decision worded as the advisor words its own (advice.ts): the dice it keeps, the box. */
function asAdvice(decision: Decision, state: GameState): Advice {
  const keep =
    decision.kind === 'ROLL'
      ? state.dice.map((_, i) => i).filter((i) => !decision.diceToRoll.includes(i))
      : [];
  return { ...decision, expected: 0, candidates: [], reason: { keep, target: null } };
}

const points = (value: number, language: string) =>
  value.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Right or wrong, the advisor's answer in words, and why: the points each choice gives in the advisor's
 * evaluation (what it adds to the final score on average, the sheet's chances included).
 */
export function PuzzleVerdict({
  position,
  decision,
  judgement,
}: {
  position: Position;
  decision: Decision;
  judgement: Judgement;
}) {
  const { t, i18n } = useTranslation();
  const state = stateOf(position);
  const { correct, best, chosen } = judgement;
  return (
    <div
      className={
        correct ? 'card puzzle-verdict puzzle-verdict--right' : 'card puzzle-verdict puzzle-verdict--wrong'
      }
      role="status"
      data-testid="puzzle-verdict"
    >
      <p className="puzzle-verdict-head">{t(correct ? 'puzzles.verdict.right' : 'puzzles.verdict.wrong')}</p>
      <p>{t('puzzles.verdict.best', { advice: adviceText(t, best, state) })}</p>
      {correct ? null : (
        <p>{t('puzzles.verdict.choice', { advice: adviceText(t, asAdvice(decision, state), state) })}</p>
      )}
      <p className="puzzle-verdict-why">
        {correct
          ? t('puzzles.verdict.whyRight', {
              best: points(best.expected, i18n.language),
              margin: points(best.expected - (judgement.second ?? best.expected), i18n.language),
            })
          : t('puzzles.verdict.whyWrong', {
              best: points(best.expected, i18n.language),
              yours: points(chosen, i18n.language),
              lost: points(best.expected - chosen, i18n.language),
            })}
      </p>
    </div>
  );
}
