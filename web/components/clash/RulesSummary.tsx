import { useTranslation } from 'react-i18next';
import type { Rules } from '../../../game/rules';
import { rulesDetail, rulesSummary } from './rulesText';

/**
 * A clash's rule set in one line, "Balkan · 6 dice · 6 columns", with its columns by their full names as the
 * tooltip and for screen readers: the invited player reads it before accepting.
 */
export function RulesSummary({ rules, className }: { rules: Rules; className?: string }) {
  const { t } = useTranslation();
  const detail = rulesDetail(t, rules);
  return (
    <span className={className ? `clash-rules ${className}` : 'clash-rules'} title={detail}>
      <span aria-hidden="true">{rulesSummary(t, rules)}</span>
      <span className="visually-hidden">{detail}</span>
    </span>
  );
}
