import type { TFunction } from 'i18next';
import type { TableGame } from '../../../game/table';

/** What kind of game at the table it is, in words: a practice game, pass and play, or real dice. */
export const tableKindName = (t: TFunction, game: Pick<TableGame, 'kind' | 'dice'>): string =>
  t(`table.kinds.${game.kind === 'PRACTICE' ? 'PRACTICE' : game.dice === 'REAL' ? 'REAL' : 'TABLE'}`);

/** A total in points ("1 point", "23 points"; "23 boda", "25 bodova"). */
export const tablePoints = (t: TFunction, total: number): string => t('table.game.points', { count: total });

/** The players' names as a list in the current language ("Ana, Ben and Ivo"; "Ana, Ben i Ivo"). */
export const nameList = (names: readonly string[], language: string): string =>
  new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
