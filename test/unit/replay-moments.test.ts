import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { translators } from './translators';
import { PRESETS } from '../../game/rules';
import { type LoggedTurn, replayFrames } from '../../game/replay';
import { momentIndex, momentParams, moveText } from '../../web/components/replay/moveText';

// What the replay screen says of each moment, and the address of each moment: every moment of a game can
// be linked, and a link opens the moment it names.

let english: TFunction;
let croatian: TFunction;

beforeAll(async () => {
  ({ english, croatian } = await translators());
});

const turns: LoggedTurn[] = [
  {
    gameId: 4,
    moves: [
      { kind: 'ROLL', dice: [6, 6, 2, 1, 4], held: [] },
      { kind: 'ROLL', dice: [6, 6, 6, 6, 3], held: [0, 1] },
      { kind: 'FILL', column: 'FREE', box: 'SIXES' },
      { kind: 'UNDO' },
      { kind: 'FILL', column: 'FREE', box: 'YAMB' },
    ],
  },
  {
    gameId: 4,
    moves: [
      { kind: 'ROLL', dice: [1, 2, 3, 4, 5], held: [] },
      { kind: 'ANNOUNCE', box: 'STRAIGHT' },
      { kind: 'FILL', column: 'ANNOUNCEMENT', box: 'STRAIGHT' },
    ],
  },
];
const { frames } = replayFrames(PRESETS.CLASSIC, 'SOLO', [4], turns);

describe('the replay', () => {
  it('says each move in words, an undone fill as undone, in both languages', () => {
    const said = frames.map((frame) => moveText(english, frame, 'Ana'));
    expect(said).toEqual([
      'The game begins',
      'Ana rolled 6 6 2 1 4',
      'Ana kept 6, 6 and rolled 6 6 6 6 3',
      'Ana wrote 24 in Free · Sixes (undone)',
      'Ana took the fill back',
      'Ana wrote 0 in Free · Yamb',
      'Ana rolled 1 2 3 4 5',
      'Ana announced Straight',
      'Ana wrote 35 in Announcement · Straight',
    ]);
    expect(moveText(croatian, frames[3], 'Ana')).toBe('Ana: upisano 24 u Slobodno · Šestice (poništeno)');
  });

  it('gives every moment an address that opens that moment again', () => {
    frames.forEach((_, index) => {
      const params = new URLSearchParams(momentParams(frames, index));
      expect(momentIndex(frames, params)).toBe(index);
    });
    expect(momentParams(frames, 2)).toEqual({ turn: '1', roll: '2' });
    expect(momentParams(frames, 3)).toEqual({ turn: '1', roll: '2', step: '1' });
  });

  it('opens the start for an address that names no moment, and the nearest for one past a turn', () => {
    expect(momentIndex(frames, new URLSearchParams(''))).toBe(0);
    expect(momentIndex(frames, new URLSearchParams('turn=x&roll=2'))).toBe(0);
    expect(momentIndex(frames, new URLSearchParams('turn=2&roll=1&step=9'))).toBe(6);
    expect(momentIndex(frames, new URLSearchParams('turn=99&roll=1'))).toBe(0);
  });
});
