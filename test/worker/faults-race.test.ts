import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BOX_TYPES, fillableBoxes } from '../../game';
import {
  answer,
  type Clash,
  clashRoom,
  clashRow,
  createClash,
  gameOf,
  getClash,
  lobby,
  players,
} from './clashes-helpers';
import { currentGame, flushIndex, type Game, indexRow, move, play, toState } from './games-helpers';
import { startDaily, today } from './daily-helpers';
import { call, json, moveToNewAddress, registerPlayer, type Session, signIn } from './helpers';

// Issue 12 (faults), racing actions: two tabs of one player, and two players, acting on the same game or
// clash at once, round after round. Each race must end with exactly the successes the rules allow, and
// the state read afterwards must be what the successful answers said.

const statuses = (answers: Response[]) => answers.map((r) => r.status);
const okCount = (answers: Response[]) => answers.filter((r) => r.status === 200).length;
const filledBoxes = (game: Game) =>
  game.sheet.columns.flatMap((c) => c.boxes.map((b) => ({ column: c.type, box: b.type, value: b.value })));
const filledCount = (game: Game) => filledBoxes(game).filter((b) => b.value !== null).length;
const keysOf = async (answers: Response[]) =>
  Promise.all(answers.filter((r) => r.status !== 200).map(async (r) => (await json<{ key: string }>(r)).key));
/** The answers' bodies, once each (a body can be read only once). */
const bodiesOf = (answers: Response[]) => Promise.all(answers.map((r) => json(r)));

/** The same account signed in twice: two tabs with sessions of their own. */
async function twoTabs(): Promise<[Session, Session]> {
  const first = await registerPlayer();
  const second = await signIn(first.username, first.password);
  return [first, second];
}

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

describe(
  'a clash: the player on turn in two tabs and the other player, all moving at once',
  { timeout: 300_000 },
  () => {
    it('6 rounds: only the player on turn rolls, one fill passes the turn, never two', async () => {
      const [owner, ownerTab2] = await twoTabs();
      const other = await registerPlayer();
      const created = await createClash(owner, [other]);
      const clash = await answer(other, created.id, 'accept');
      expect(clash.status).toBe('IN_PROGRESS');
      const gameIds = clash.players.map((p) => p.gameId as number);
      const seats = [
        { tabs: [owner, ownerTab2], gameId: gameIds[0] as number },
        { tabs: [other, other], gameId: gameIds[1] as number },
      ];
      for (let round = 0; round < 6; round++) {
        for (const [turn, seat] of seats.entries()) {
          const waiting = seats[1 - turn] as (typeof seats)[number];
          const [tab1, tab2] = seat.tabs as [Session, Session];
          // Rolls from both tabs of the player on turn and from the one waiting.
          const rolls = await Promise.all([
            move(tab1, seat.gameId, 'roll'),
            move(tab2, seat.gameId, 'roll'),
            move(waiting.tabs[0] as Session, waiting.gameId, 'roll'),
          ]);
          expect(statuses(rolls), `round ${round}, seat ${turn}`).toEqual([200, 200, 409]);
          expect(await keysOf(rolls)).toEqual(['not-your-turn']);

          const open = fillableBoxes(toState(await gameOf(tab1, seat.gameId)));
          const choice = (i: number) => ({ columnType: open[i]?.column, boxType: open[i]?.box });
          const fills = await Promise.all([
            move(tab1, seat.gameId, 'fill', choice(0)),
            move(tab2, seat.gameId, 'fill', choice(open.length - 1)),
            move(waiting.tabs[0] as Session, waiting.gameId, 'fill', choice(1)),
          ]);
          expect(okCount(fills), `round ${round}, seat ${turn}: ${statuses(fills)}`).toBe(1);
          expect(fills[2]?.status).toBe(409);

          const now = await json<Clash>(await getClash(owner, clash.id));
          expect(now.turn, `round ${round}, seat ${turn}`).toBe(1 - turn);
          expect(filledCount(await gameOf(tab1, seat.gameId))).toBe(round + 1);
          expect(filledCount(await gameOf(waiting.tabs[0] as Session, waiting.gameId))).toBe(round + turn);
        }
      }
      await runDurableObjectAlarm(clashRoom(clash.id));
      expect(await clashRow(clash.id)).toMatchObject({ status: 'IN_PROGRESS', turn: 0 });
    });
  },
);

const deleteClash = (session: Session, clashId: number) =>
  call(`/clashes/${clashId}`, { method: 'DELETE', jar: session.jar });

describe('the lobby: calls that cross each other', { timeout: 300_000 }, () => {
  it('accept and decline at once from two tabs of the invited player, 5 times: one wins, the clash agrees', async () => {
    // The same players, in a new clash each time: signing up is slow on purpose (PBKDF2).
    const owner = await registerPlayer();
    const [invited, tab2] = await twoTabs();
    for (let i = 0; i < 5; i++) {
      const clash = await createClash(owner, [invited]);
      const body = { playerId: invited.player.id };
      const answers = await Promise.all([
        lobby(invited, clash.id, 'accept', body),
        lobby(tab2, clash.id, 'decline', body),
      ]);
      expect(okCount(answers), statuses(answers).join()).toBe(1);
      const accepted = answers[0]?.status === 200;
      const now = await json<Clash>(await getClash(owner, clash.id));
      expect(now.status).toBe(accepted ? 'IN_PROGRESS' : 'CANCELLED');
      await runDurableObjectAlarm(clashRoom(clash.id));
      expect((await clashRow(clash.id))?.status).toBe(now.status);
    }
  });

  it('the owner removes a player as that player accepts, 5 times: either removed or in, never both', async () => {
    const [owner, b, c] = (await players(3)) as [Session, Session, Session];
    for (let i = 0; i < 5; i++) {
      const clash = await createClash(owner, [b, c]);
      await answer(b, clash.id, 'accept');
      const answers = await Promise.all([
        lobby(owner, clash.id, 'remove', { playerIds: [c.player.id] }),
        lobby(c, clash.id, 'accept', { playerId: c.player.id }),
      ]);
      expect(okCount(answers), statuses(answers).join()).toBe(1);
      const now = await json<Clash>(await getClash(owner, clash.id));
      const member = now.players.find((p) => p.id === c.player.id);
      if (answers[0]?.status === 200) {
        expect(member).toBeUndefined();
        expect(now.status).toBe('IN_PROGRESS');
        expect(now.players).toHaveLength(2);
      } else {
        expect(member?.status).toBe('ACCEPTED');
        expect(now.status).toBe('IN_PROGRESS');
        expect(now.players).toHaveLength(3);
      }
      // Every player of a started clash has a game, and no one else.
      expect(now.players.every((p) => p.gameId !== null)).toBe(true);
      const { results } = await env.DB.prepare(
        'SELECT player_id AS playerId FROM games WHERE clash_id = ? ORDER BY player_id',
      )
        .bind(clash.id)
        .all<{ playerId: number }>();
      expect(results.map((r) => r.playerId)).toEqual(now.players.map((p) => p.id).sort((x, y) => x - y));
    }
  });

  it('the owner deletes as the last player accepts, 5 times: deleted and gone, or started and kept', async () => {
    const [owner, invited] = (await players(2)) as [Session, Session];
    for (let i = 0; i < 5; i++) {
      const clash = await createClash(owner, [invited]);
      const answers = await Promise.all([
        deleteClash(owner, clash.id),
        lobby(invited, clash.id, 'accept', { playerId: invited.player.id }),
      ]);
      const deleted = answers[0]?.status === 204;
      const accepted = answers[1]?.status === 200;
      expect(deleted !== accepted, statuses(answers).join()).toBe(true);
      const read = await getClash(owner, clash.id);
      if (deleted) {
        expect(read.status).toBe(404);
        expect(await clashRow(clash.id)).toBeNull();
      } else {
        expect(answers[0]?.status).toBe(409);
        expect((await json<Clash>(read)).status).toBe('IN_PROGRESS');
      }
    }
  });

  it('two deletes at once: one 204, one 404, and nothing left', async () => {
    const [owner, tab2] = await twoTabs();
    const invited = await registerPlayer();
    const clash = await createClash(owner, [invited]);
    const answers = await Promise.all([deleteClash(owner, clash.id), deleteClash(tab2, clash.id)]);
    expect(statuses(answers).sort()).toEqual([204, 404]);
    expect((await getClash(owner, clash.id)).status).toBe(404);
    expect(await clashRow(clash.id)).toBeNull();
  });
});

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
