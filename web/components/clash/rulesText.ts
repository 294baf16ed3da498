import type { TFunction } from 'i18next';
import type { Rules } from '../../../game/rules';
import { rulesName } from '../rules/rulesName';

/** A rule set in a few words: "Balkan · 6 dice · 6 columns" ("Custom · …" for a custom set). */
export function rulesSummary(t: TFunction, rules: Rules): string {
  return t('clashes.rules.summary', {
    name: rulesName(t, rules),
    dice: t('clashes.rules.dice', { count: rules.dice }),
    columns: t('clashes.rules.columns', { count: rules.columns.length }),
  });
}

/** The same in full, for a tooltip and screen readers: with the straight by the roll and each column's name. */
export function rulesDetail(t: TFunction, rules: Rules): string {
  const straight = rules.straight === 'BY_ROLL' ? ` · ${t('clashes.rules.byRoll')}` : '';
  return t('clashes.rules.full', {
    summary: `${rulesSummary(t, rules)}${straight}`,
    columns: rules.columns.map((column) => t(`game.columns.${column}`)).join(', '),
  });
}
