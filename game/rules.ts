// A game's rule set: how many dice, which columns in which order, and how a straight scores (issue 27).
// SPEC's sheet is the CLASSIC preset and every game made before rule sets existed is CLASSIC.

/** Every column a sheet may have, in the order the builder offers them. */
export const COLUMN_TYPES = [
  'DOWNWARDS',
  'UPWARDS',
  'FREE',
  'ANNOUNCEMENT',
  'HAND',
  'MIDDLE',
  'EDGES',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const STRAIGHT_RULES = ['CLASSIC', 'BY_ROLL'] as const;
/** CLASSIC: 35 for 1-2-3-4-5, 45 for 2-3-4-5-6. BY_ROLL: any straight 66, 56 or 46 after roll 1, 2 or 3. */
export type StraightRule = (typeof STRAIGHT_RULES)[number];

export const DICE_COUNTS = [5, 6] as const;
export type DiceCount = (typeof DICE_COUNTS)[number];

export interface RuleSet {
  dice: DiceCount;
  /** 1 to 7 columns, each at most once, in the sheet's order. */
  columns: readonly ColumnType[];
  straight: StraightRule;
}

export const PRESET_NAMES = ['CLASSIC', 'HAND', 'BALKAN', 'LONG'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

const CLASSIC_COLUMNS = ['DOWNWARDS', 'UPWARDS', 'FREE', 'ANNOUNCEMENT'] as const satisfies ColumnType[];

export const PRESETS: Readonly<Record<PresetName, RuleSet>> = {
  CLASSIC: { dice: 5, columns: CLASSIC_COLUMNS, straight: 'CLASSIC' },
  HAND: { dice: 5, columns: [...CLASSIC_COLUMNS, 'HAND'], straight: 'CLASSIC' },
  BALKAN: { dice: 6, columns: [...CLASSIC_COLUMNS, 'HAND', 'MIDDLE'], straight: 'BY_ROLL' },
  LONG: { dice: 6, columns: [...CLASSIC_COLUMNS, 'HAND', 'MIDDLE', 'EDGES'], straight: 'BY_ROLL' },
};

export const CLASSIC_RULES = PRESETS.CLASSIC;

/** A rule set as the wire carries it: the preset it equals, or null for a custom one. */
export interface Rules extends RuleSet {
  preset: PresetName | null;
}

/** Whether two rule sets are the same game: dice, straight, and the same columns in the same order. */
export const sameRules = (a: RuleSet, b: RuleSet) =>
  a.dice === b.dice &&
  a.straight === b.straight &&
  a.columns.length === b.columns.length &&
  a.columns.every((column, i) => b.columns[i] === column);

/** The preset `rules` equals (columns in the same order), or null for a custom rule set. */
export function presetOf(rules: RuleSet): PresetName | null {
  return PRESET_NAMES.find((name) => sameRules(PRESETS[name], rules)) ?? null;
}

export function describeRules(rules: RuleSet): Rules {
  return { preset: presetOf(rules), dice: rules.dice, columns: [...rules.columns], straight: rules.straight };
}

export function isPresetName(x: unknown): x is PresetName {
  return typeof x === 'string' && (PRESET_NAMES as readonly string[]).includes(x);
}

export function isColumnType(x: unknown): x is ColumnType {
  return typeof x === 'string' && (COLUMN_TYPES as readonly string[]).includes(x);
}

/**
 * The rule set `input` names: a preset's name, or an object `{dice, columns, straight}` with 1-7 known
 * columns, each once. Null when it is neither (the wire answers 400 `rules-invalid`).
 */
export function parseRules(input: unknown): RuleSet | null {
  if (isPresetName(input)) return PRESETS[input];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const { dice, columns, straight } = input as Record<string, unknown>;
  if (!(DICE_COUNTS as readonly unknown[]).includes(dice)) return null;
  if (!(STRAIGHT_RULES as readonly unknown[]).includes(straight)) return null;
  if (!Array.isArray(columns) || columns.length < 1 || columns.length > COLUMN_TYPES.length) return null;
  if (!columns.every(isColumnType) || new Set(columns).size !== columns.length) return null;
  const parsed: RuleSet = { dice: dice as DiceCount, columns, straight: straight as StraightRule };
  // A custom object equal to a preset is that preset (one shared object, so comparisons stay cheap).
  const preset = presetOf(parsed);
  return preset ? PRESETS[preset] : parsed;
}
