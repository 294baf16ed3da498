import { describe, expect, it } from 'vitest';
import { BOX_TYPES, CLASSIC_RULES, type Sheet } from '../../game';
import { dailyShareText, SQUARES, sheetShape, squareOf } from '../../web/components/daily/dailyShare';

const SQUARE = new RegExp(`^(${Object.values(SQUARES).join('|')})$`, 'u');

/** A full sheet whose every box holds `value(box)`. */
const sheetOf = (value: (box: (typeof BOX_TYPES)[number], column: number) => number | null): Sheet => ({
  columns: CLASSIC_RULES.columns.map((type, column) => ({
    type,
    boxes: BOX_TYPES.map((box) => ({ type: box, value: value(box, column) })),
  })),
});

describe('the daily share text', () => {
  it('has the title, day and total, 13 lines of 4 squares, and the address', () => {
    const sheet = sheetOf((box, column) => (column === 0 ? 0 : box === 'MIN' ? 7 : 12));
    const text = dailyShareText('Daily Yamb', '2026-11-23', 1043, sheet, 'https://yamb.example/daily');
    const lines = text.split('\n');
    expect(lines[0]).toBe('Daily Yamb 2026-11-23 · 1043');
    expect(lines.at(-1)).toBe('https://yamb.example/daily');
    const grid = lines.slice(1, -1);
    expect(grid).toHaveLength(BOX_TYPES.length);
    for (const line of grid) {
      const squares = [...new Intl.Segmenter().segment(line)].map((s) => s.segment);
      expect(squares).toHaveLength(CLASSIC_RULES.columns.length);
      for (const square of squares) expect(square).toMatch(SQUARE);
    }
  });

  it('shows no box value or dice face: no digit outside the title line and the address', () => {
    const sheet = sheetOf((box) => (box === 'YAMB' ? 80 : box === 'MIN' ? 5 : 6));
    const grid = dailyShareText('Daily Yamb', '2026-11-23', 999, sheet, 'https://x').split('\n').slice(1, -1);
    expect(grid.join('')).not.toMatch(/[0-9]/);
  });

  it('grades a box by how good it is against its best', () => {
    expect(squareOf('SIXES', null)).toBe('empty');
    expect(squareOf('SIXES', 0)).toBe('zero');
    expect(squareOf('SIXES', 12)).toBe('below');
    expect(squareOf('SIXES', 24)).toBe('good');
    expect(squareOf('SIXES', 30)).toBe('best');
    expect(squareOf('MIN', 5)).toBe('best');
    expect(squareOf('MIN', 9)).toBe('good');
    expect(squareOf('MIN', 22)).toBe('below');
    expect(squareOf('STRAIGHT', 35)).toBe('good');
    expect(squareOf('YAMB', 80)).toBe('best');
    // The rows follow the sheet: YAMB is the last line, the first column the first square.
    const shape = sheetShape(sheetOf((box, column) => (box === 'YAMB' && column === 0 ? 80 : null)));
    expect(shape.at(-1)).toBe(`${SQUARES.best}${SQUARES.empty.repeat(3)}`);
  });
});
