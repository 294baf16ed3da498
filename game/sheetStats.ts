import { columnSums } from './sums';
import { COLUMN_TYPES, type ColumnType, type Sheet } from './types';

/** What Yamb players compare across a player's finished games (issue 25 item 27). */
export interface SheetStats {
  /** How many finished sheets the figures are of. */
  games: number;
  /** Yamb boxes written with five of a kind (a Yamb box holding more than 0). */
  yambs: number;
  /** Each column's average total (its bonus and sections included) per game, to one decimal. */
  columnAverages: Record<ColumnType, number>;
  /** The share of columns whose top section earned the bonus, 0..1 to three decimals. */
  bonusRate: number;
  /** The column with the highest average (the first of them on a tie); null without a game. */
  bestColumn: ColumnType | null;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The figures of `sheets`, a player's finished games; empty boxes count 0, as in the totals. */
export function sheetStats(sheets: readonly Sheet[]): SheetStats {
  const totals = Object.fromEntries(COLUMN_TYPES.map((type) => [type, 0])) as Record<ColumnType, number>;
  let yambs = 0;
  let bonuses = 0;
  let columns = 0;
  for (const sheet of sheets) {
    for (const column of sheet.columns) {
      const sums = columnSums(column);
      totals[column.type] += sums.total;
      columns += 1;
      if (sums.bonus > 0) bonuses += 1;
      if ((column.boxes.find((box) => box.type === 'YAMB')?.value ?? 0) > 0) yambs += 1;
    }
  }
  const games = sheets.length;
  const columnAverages = Object.fromEntries(
    COLUMN_TYPES.map((type) => [type, games ? round(totals[type] / games, 1) : 0]),
  ) as Record<ColumnType, number>;
  const bestColumn = games
    ? COLUMN_TYPES.reduce((best, type) => (columnAverages[type] > columnAverages[best] ? type : best))
    : null;
  return {
    games,
    yambs,
    columnAverages,
    bonusRate: columns ? round(bonuses / columns, 3) : 0,
    bestColumn,
  };
}
