import { describe, expect, it } from 'vitest';
import {
  BOX_TYPES,
  type BoxType,
  CLASSIC_RULES,
  type Column,
  columnSums,
  filledCount,
  newGame,
  progress,
  type Sheet,
  totalSum,
} from '../../game';

function column(values: Partial<Record<BoxType, number>>): Column {
  return { type: 'FREE', boxes: BOX_TYPES.map((type) => ({ type, value: values[type] ?? null })) };
}

function sheetWithFilled(count: number): Sheet {
  let left = count;
  return {
    columns: CLASSIC_RULES.columns.map((type) => ({
      type,
      boxes: BOX_TYPES.map((box) => ({ type: box, value: left-- > 0 ? 1 : null })),
    })),
  };
}

describe('column sums', () => {
  it('gives the top bonus at exactly 60', () => {
    const sums = columnSums(column({ TWOS: 6, THREES: 9, FOURS: 12, FIVES: 15, SIXES: 18 }));
    expect(sums).toMatchObject({ top: 60, bonus: 30, total: 90 });
  });

  it('gives no bonus at 59', () => {
    const sums = columnSums(column({ ONES: 1, TWOS: 4, THREES: 9, FOURS: 12, FIVES: 15, SIXES: 18 }));
    expect(sums).toMatchObject({ top: 59, bonus: 0, total: 59 });
  });

  it('multiplies ones by max minus min once all three are filled', () => {
    expect(columnSums(column({ ONES: 2, MAX: 28, MIN: 8 }))).toMatchObject({ top: 2, middle: 40, total: 42 });
  });

  it('floors the middle at 0 when min beats max', () => {
    expect(columnSums(column({ ONES: 3, MAX: 10, MIN: 20 })).middle).toBe(0);
  });

  it('counts no middle while ones, max or min is empty', () => {
    expect(columnSums(column({ ONES: 3, MAX: 28 })).middle).toBe(0);
    expect(columnSums(column({ ONES: 3, MIN: 5 })).middle).toBe(0);
    expect(columnSums(column({ MAX: 28, MIN: 5 })).middle).toBe(0);
  });

  it('sums trips to yamb as the bottom and adds every section to the total', () => {
    const sums = columnSums(
      column({
        ONES: 4,
        SIXES: 30,
        MAX: 25,
        MIN: 10,
        TRIPS: 28,
        STRAIGHT: 45,
        BOAT: 0,
        CARRIAGE: 64,
        YAMB: 80,
      }),
    );
    expect(sums).toEqual({ top: 34, bonus: 0, middle: 60, bottom: 217, total: 311 });
  });

  it('counts empty boxes as 0', () => {
    expect(columnSums(column({}))).toEqual({ top: 0, bonus: 0, middle: 0, bottom: 0, total: 0 });
  });
});

describe('sheet sums', () => {
  it('adds the four column totals', () => {
    const sheet: Sheet = {
      columns: [
        column({ TWOS: 6, THREES: 9, FOURS: 12, FIVES: 15, SIXES: 18 }),
        column({ ONES: 2, MAX: 28, MIN: 8 }),
        column({ YAMB: 55 }),
        column({}),
      ],
    };
    expect(totalSum(sheet)).toBe(90 + 42 + 55);
  });

  it('reports filled boxes and progress as a rounded percentage', () => {
    expect(filledCount(newGame().sheet)).toBe(0);
    expect(progress(newGame().sheet)).toBe(0);
    expect(progress(sheetWithFilled(1))).toBe(2);
    expect(progress(sheetWithFilled(26))).toBe(50);
    expect(filledCount(sheetWithFilled(51))).toBe(51);
    expect(progress(sheetWithFilled(51))).toBe(98);
    expect(progress(sheetWithFilled(52))).toBe(100);
  });
});
