export const RULE_ERROR_KEYS = [
  'dice-invalid',
  'roll-required',
  'roll-limit-reached',
  'announcement-required',
  'hand-fill-required',
  'announcement-not-allowed',
  'box-not-available',
  'undo-not-available',
  'restart-not-allowed',
  'game-completed',
  'table-pass-first',
] as const;

export type RuleErrorKey = (typeof RULE_ERROR_KEYS)[number];

/** A move the rules refuse; `key` is stable and maps to a localized message. */
export class RuleError extends Error {
  constructor(public readonly key: RuleErrorKey) {
    super(key);
    this.name = 'RuleError';
  }
}
