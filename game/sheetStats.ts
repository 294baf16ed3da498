import { columnSums } from './sums';
import { CLASSIC_RULES } from './rules';
import { COLUMN_TYPES, type ColumnType, type Sheet } from './types';

/** What Yamb players compare across a player's finished games (issue 25 item 27). */
export interface SheetStats {
  /** How many finished sheets the figures are of. */
  games: number;
  /** Yamb boxes written with five of a kind (a Yamb box holding more than 0). */
  yambs: number;
  /**
   * Each column's average total (its bonus and sections included) per game that has the column, to one
   * decimal; only the columns of the sheets given (the CLASSIC ones, at 0, without a game).
   */
  columnAverages: Partial<Record<ColumnType, number>>;
  /** The share of columns whose top section earned the bonus, 0..1 to three decimals. */
  bonusRate: number;
  /** The column with the highest average (the first of them on a tie); null without a game. */
  bestColumn: ColumnType | null;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The figures of `sheets`, a player's finished games; empty boxes count 0, as in the totals. */
export function sheetStats(sheets: readonly Sheet[]): SheetStats {
  const totals = new Map<ColumnType, { sum: number; games: number }>();
  let yambs = 0;
  let bonuses = 0;
  let columns = 0;
  for (const sheet of sheets) {
    for (const column of sheet.columns) {
      const sums = columnSums(column);
      const total = totals.get(column.type) ?? { sum: 0, games: 0 };
      totals.set(column.type, { sum: total.sum + sums.total, games: total.games + 1 });
      columns += 1;
      if (sums.bonus > 0) bonuses += 1;
      if ((column.boxes.find((box) => box.type === 'YAMB')?.value ?? 0) > 0) yambs += 1;
    }
  }
  const games = sheets.length;
  const played = games ? COLUMN_TYPES.filter((type) => totals.has(type)) : CLASSIC_RULES.columns;
  const average = (type: ColumnType) => {
    const total = totals.get(type);
    return total ? round(total.sum / total.games, 1) : 0;
  };
  const columnAverages = Object.fromEntries(played.map((type) => [type, average(type)]));
  const bestColumn = games
    ? played.reduce((best, type) => (average(type) > average(best) ? type : best))
    : null;
  return {
    games,
    yambs,
    columnAverages,
    bonusRate: columns ? round(bonuses / columns, 3) : 0,
    bestColumn,
  };
}
