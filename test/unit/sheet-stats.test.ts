import { describe, expect, it } from 'vitest';
import { BOX_TYPES, type BoxType, CLASSIC_RULES, type ColumnType, type Sheet, sheetStats } from '../../game';

// A player's Yamb figures from their finished sheets: Yambs written, each column's average total, how often
// the top section earned its bonus, and the best column.

/** A sheet whose every box holds `value(column, box)`. */
function sheet(value: (column: ColumnType, box: BoxType) => number): Sheet {
  return {
    columns: CLASSIC_RULES.columns.map((type) => ({
      type,
      boxes: BOX_TYPES.map((box) => ({ type: box, value: value(type, box) })),
    })),
  };
}

const TOP: BoxType[] = ['ONES', 'TWOS', 'THREES', 'FOURS', 'FIVES', 'SIXES'];

describe('sheetStats', () => {
  it('has nothing to say without a game', () => {
    expect(sheetStats([])).toEqual({
      games: 0,
      yambs: 0,
      columnAverages: { DOWNWARDS: 0, UPWARDS: 0, FREE: 0, ANNOUNCEMENT: 0 },
      bonusRate: 0,
      bestColumn: null,
    });
  });

  it('counts the Yamb boxes written with five of a kind, never the crossed-out ones', () => {
    const withYambs = sheet((column, box) => (box === 'YAMB' && column !== 'FREE' ? 55 : 0));
    const none = sheet(() => 0);
    expect(sheetStats([withYambs, none]).yambs).toBe(3);
  });

  it('averages each column per game, bonus and sections included, and names the best', () => {
    // Game 1: the free column's top section is 6 x 12 = 72 (bonus 30), everything else 0.
    const first = sheet((column, box) => (column === 'FREE' && TOP.includes(box) ? 12 : 0));
    // Game 2: the downwards column's Yamb holds 60, nothing else.
    const second = sheet((column, box) => (column === 'DOWNWARDS' && box === 'YAMB' ? 60 : 0));
    const stats = sheetStats([first, second]);
    expect(stats.columnAverages).toEqual({ DOWNWARDS: 30, UPWARDS: 0, FREE: 51, ANNOUNCEMENT: 0 });
    expect(stats.bestColumn).toBe('FREE');
    // One column of eight earned the bonus.
    expect(stats.bonusRate).toBe(0.125);
    expect(stats.games).toBe(2);
  });

  it('counts the bonus at 60 in the top section, not below', () => {
    const at60 = sheet((_, box) => (TOP.includes(box) ? 10 : 0));
    const at54 = sheet((_, box) => (TOP.includes(box) ? 9 : 0));
    expect(sheetStats([at60]).bonusRate).toBe(1);
    expect(sheetStats([at54]).bonusRate).toBe(0);
  });
});
