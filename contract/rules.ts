import * as v from 'valibot';
import { parseRules, type RuleSet } from '../game/rules';

// A rule set as a request names it (issue 27): a preset's name ("BALKAN") or a custom object
// `{dice, columns, straight}`. Anything else answers 400 `rules-invalid`. The wire's answer carries the
// game's or clash's rules as game/rules.ts `Rules` (`preset` null for a custom one).

export const RulesInput = v.pipe(
  v.unknown(),
  v.check((input) => parseRules(input) !== null, 'rules-invalid'),
  v.transform((input): RuleSet => parseRules(input) as RuleSet),
);
