import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { translators } from './translators';
import { type Advice, advise, announce, newGame, roll } from '../../game';
import { adviceMarks, adviceText, offersHint } from '../../web/components/game/advice';
import { ALL, fixed, PLAYER, play, resourceOf, rolled } from './game-helpers';

// Who is offered the Hint button, and what it says and marks, in both languages.

let english: TFunction;
let croatian: TFunction;

beforeAll(async () => {
  ({ english, croatian } = await translators());
});

describe('the Hint button', () => {
  it('is offered to the player of a solo game in progress', () => {
    expect(offersHint(resourceOf(newGame()), PLAYER.id)).toBe(true);
    expect(offersHint(resourceOf(rolled(newGame())), PLAYER.id)).toBe(true);
  });

  it('is not offered in a clash game', () => {
    expect(offersHint(resourceOf(rolled(newGame('CLASH'))), PLAYER.id)).toBe(false);
  });

  it('is not offered to a watcher, nor to a visitor without a player', () => {
    const watched = resourceOf(rolled(newGame()), {}, 2);
    expect(offersHint(watched, 2)).toBe(false);
    expect(offersHint(resourceOf(rolled(newGame()), {}, null), null)).toBe(false);
  });

  it('is not offered once the game is over', () => {
    expect(offersHint(resourceOf({ ...newGame(), status: 'COMPLETED' }), PLAYER.id)).toBe(false);
  });
});

describe("the hint's words and marks", () => {
  const advice = (over: Partial<Advice>): Advice =>
    ({ expected: 12.3, candidates: [], reason: { keep: [], target: null }, ...over }) as Advice;

  it('before the first roll: roll all the dice (five or six), nothing marked', () => {
    const state = newGame();
    const a = advise(state);
    expect(adviceText(english, a, state)).toBe('Roll all the dice.');
    expect(adviceText(croatian, a, state)).toBe('Bacite sve kockice.');
    expect(adviceMarks(a, state)).toEqual({ keep: [], target: null });
  });

  it('names the kept dice with plurals, and the box the roll aims for', () => {
    const state = rolled(newGame(), [5, 5, 5, 2, 1]);
    const a = advice({
      kind: 'ROLL',
      diceToRoll: [3, 4],
      reason: { keep: [0, 1, 2], target: { column: 'FREE', box: 'FIVES' } },
    });
    expect(adviceText(english, a, state)).toBe(
      'Keep the three fives and roll the rest, aiming for Free · Fives.',
    );
    expect(adviceText(croatian, a, state)).toBe(
      'Zadržite tri petice i bacite ostale; cilj je Slobodno · Petice.',
    );
    expect(adviceMarks(a, state)).toEqual({ keep: [0, 1, 2], target: { column: 'FREE', box: 'FIVES' } });

    const one = advice({ kind: 'ROLL', diceToRoll: [1, 2, 3, 4], reason: { keep: [0], target: null } });
    expect(adviceText(english, one, state)).toBe('Keep the 5 and roll the rest.');
    expect(adviceText(croatian, one, state)).toBe('Zadržite peticu i bacite ostale.');
  });

  it('lists kept dice of different values in order', () => {
    const state = rolled(newGame(), [5, 2, 4, 3, 6]);
    const a = advice({ kind: 'ROLL', diceToRoll: [4], reason: { keep: [0, 1, 2, 3], target: null } });
    expect(adviceText(english, a, state)).toBe('Keep 2, 3, 4, 5 and roll the rest.');
    expect(adviceText(croatian, a, state)).toBe('Zadržite 2, 3, 4, 5 i bacite ostale.');
  });

  it("says the score a fill writes, not the advisor's heuristic value", () => {
    const state = roll(newGame(), ALL, fixed([6, 6, 6, 6, 6]));
    const a = advice({ kind: 'FILL', column: 'FREE', box: 'YAMB', expected: 3.7 });
    expect(adviceText(english, a, state)).toBe('Write 80 in Free · Yamb.');
    expect(adviceText(croatian, a, state)).toBe('Upišite 80 u Slobodno · Jamb.');
    expect(adviceMarks(a, state)).toEqual({ keep: [], target: { column: 'FREE', box: 'YAMB' } });
  });

  it('marks the announced box in the Announcement column', () => {
    const state = rolled(newGame(), [3, 3, 4, 4, 4]);
    const a = advice({ kind: 'ANNOUNCE', box: 'BOAT' });
    expect(adviceText(english, a, state)).toBe('Announce Boat (Full).');
    expect(adviceText(croatian, a, state)).toBe('Najavite polje Ful.');
    expect(adviceMarks(a, state).target).toEqual({ column: 'ANNOUNCEMENT', box: 'BOAT' });
  });

  it('words whatever the advisor says, in every kind of turn', () => {
    // A few real positions: each advice reads as a sentence in both languages, with no key left in it.
    const positions = [
      newGame(),
      rolled(newGame(), [1, 2, 3, 4, 6]),
      rolled(newGame(), [6, 6, 6, 6, 2]),
      announce(rolled(newGame(), [3, 3, 4, 4, 4]), 'BOAT'),
      play(newGame(), 'DOWNWARDS', 'ONES', [1, 1, 1, 2, 3]),
    ];
    for (const state of positions) {
      const a = advise(state);
      for (const t of [english, croatian]) {
        expect(adviceText(t, a, state)).toMatch(/^[A-Z][^{}]*\.$/);
        expect(adviceText(t, a, state)).not.toMatch(/game\.|advice\./);
      }
    }
  });
});
