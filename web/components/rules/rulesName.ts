import type { TFunction } from 'i18next';
import type { Rules } from '../../../game/rules';

/** What a rule set is called: its preset's name ("Balkan"), or "Custom". */
export function rulesName(t: TFunction, rules: Pick<Rules, 'preset'>): string {
  return rules.preset ? t(`game.ruleSets.names.${rules.preset}`) : t('game.ruleSets.custom');
}
