import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BOX_TYPES, fillableBoxes } from '../../game';
import { gameOf } from './clashes-helpers';
import { startDaily, today } from './daily-helpers';
import { filledBoxes, filledCount, keysOf, okCount, statuses, twoTabs } from './faults-race-helpers';
import { currentGame, flushIndex, type Game, indexRow, move, play, toState } from './games-helpers';
import { json, moveToNewAddress } from './helpers';

// Faults, racing actions: two tabs of one player acting on the same solo game, or starting the
// same daily game, at once, round after round. Each race must end with exactly the successes the rules
// allow, and the state read afterwards must be what the successful answers said. (The clash races are in
// faults-race-clash.test.ts: a file of their own, for a fresh runtime whose requests are not slowed by
// this file's several hundred; see security-helpers.ts `callAs`.)

/** The answers' bodies, once each (a body can be read only once). */
const bodiesOf = (answers: Response[]) => Promise.all(answers.map((r) => json(r)));

/** Whether only ANNOUNCEMENT boxes are left, so the turn must be announced after its first roll. */
const onlyAnnouncementLeft = (game: Game) =>
  filledBoxes(game).every((b) => b.column === 'ANNOUNCEMENT' || b.value !== null);

describe(
  'one player, two tabs, one solo game: 50 rounds of racing rolls, fills and undos',
  { timeout: 300_000 },
  () => {
    it('each race has exactly the successes the rules allow, and the stored game agrees with them', async () => {
      const [a, b] = await twoTabs();
      const gameId = (await currentGame(a)).id;
      const tabs = [a, b] as const;
      let filled = 0;
      for (let round = 0; round < 50; round++) {
        const start = await gameOf(a, gameId);
        expect(start.rollCount, `round ${round}`).toBe(0);

        if (onlyAnnouncementLeft(start)) {
          // One roll, then both tabs announce a different box at once: one announcement per turn.
          await play(a, gameId, 'roll');
          const open = BOX_TYPES.filter((box) =>
            filledBoxes(start).some((c) => c.column === 'ANNOUNCEMENT' && c.box === box && c.value === null),
          );
          const [first, second = first] = open;
          const announced = await Promise.all([
            move(a, gameId, 'announce', { boxType: first }),
            move(b, gameId, 'announce', { boxType: second }),
          ]);
          expect(okCount(announced), `round ${round}: ${statuses(announced)}`).toBe(1);
          const winner = announced[0]?.status === 200 ? first : second;
          expect((await gameOf(a, gameId)).announcement).toBe(winner);
          // Both tabs fill the announced box at once: one fill.
          const body = { columnType: 'ANNOUNCEMENT', boxType: winner };
          const fills = await Promise.all(tabs.map((tab) => move(tab, gameId, 'fill', body)));
          expect(okCount(fills), `round ${round}: ${statuses(fills)}`).toBe(1);
        } else {
          // Four rolls at once, two from each tab: three are allowed in a turn, each answer one count further.
          const rolls = await Promise.all([a, b, a, b].map((tab) => move(tab, gameId, 'roll')));
          expect(statuses(rolls).sort(), `round ${round}`).toEqual([200, 200, 200, 409]);
          expect(await keysOf(rolls)).toEqual(['roll-limit-reached']);
          const rolled = (await bodiesOf(rolls.filter((r) => r.status === 200))) as Game[];
          expect(rolled.map((g) => g.rollCount).sort()).toEqual([1, 2, 3]);
          const afterRolls = await gameOf(a, gameId);
          expect(afterRolls.dices).toEqual(rolled.find((g) => g.rollCount === 3)?.dices);

          // Both tabs fill a different box at once: one fill per turn.
          const boxes = fillableBoxes(toState(afterRolls)).filter((box) => box.column !== 'ANNOUNCEMENT');
          const choices = [boxes[0], boxes[boxes.length - 1]].map((box) => ({
            columnType: box?.column,
            boxType: box?.box,
          }));
          const fills = await Promise.all(tabs.map((tab, i) => move(tab, gameId, 'fill', choices[i])));
          expect(okCount(fills), `round ${round}: ${statuses(fills)}`).toBe(1);

          if (round % 3 === 0) {
            // Both tabs take the fill back at once: one undo, and the turn is as it was before the fill.
            const undos = await Promise.all(tabs.map((tab) => move(tab, gameId, 'undo')));
            expect(statuses(undos).sort(), `round ${round}`).toEqual([200, 409]);
            expect(await keysOf(undos)).toEqual(['undo-not-available']);
            const undone = await gameOf(a, gameId);
            expect(filledCount(undone)).toBe(filled);
            expect(undone.rollCount).toBe(3);
            expect(undone.dices).toEqual(afterRolls.dices);
            // And race the fill again, now with an undo racing it from the other tab.
            const again = await Promise.all([move(a, gameId, 'fill', choices[0]), move(b, gameId, 'undo')]);
            const [fillAnswer, undoAnswer] = again;
            if (undoAnswer?.status === 200) {
              // The undo came second and took the fill back: fill once more, alone.
              expect(fillAnswer?.status).toBe(200);
              await play(a, gameId, 'fill', choices[0]);
            } else {
              expect(fillAnswer?.status, `round ${round}: ${statuses(again)}`).toBe(200);
            }
          }
        }
        filled += 1;
        const after = await gameOf(b, gameId);
        expect(filledCount(after), `round ${round}`).toBe(filled);
        expect(after.rollCount).toBe(0);
        expect(after.announcement).toBeNull();
      }
      // The index, once written, says the same.
      await flushIndex(gameId);
      const game = await gameOf(a, gameId);
      expect(await indexRow(gameId)).toMatchObject({ totalSum: game.totalSum, progress: game.progress });
    });
  },
);

describe('the daily game: starts that cross each other', { timeout: 300_000 }, () => {
  it('two tabs of one player start today’s game twice each at once: one 201, one game, one row', async () => {
    moveToNewAddress();
    const [a, b] = await twoTabs();
    const answers = await Promise.all([startDaily(a), startDaily(b), startDaily(a), startDaily(b)]);
    expect(statuses(answers).sort()).toEqual([201, 409, 409, 409]);
    const { results } = await env.DB.prepare(
      'SELECT game_id AS gameId FROM daily_games WHERE player_id = ? AND day = ?',
    )
      .bind(a.player.id, today())
      .all<{ gameId: number }>();
    expect(results).toHaveLength(1);
    const started = (await json<Game>(answers.find((r) => r.status === 201) as Response)).id;
    expect(results[0]?.gameId).toBe(started);
    // And the game is played from either tab.
    expect((await play(b, started, 'roll')).rollCount).toBe(1);
  });
});
