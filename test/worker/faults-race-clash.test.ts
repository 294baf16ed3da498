import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fillableBoxes } from '../../game';
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
import { filledCount, keysOf, okCount, statuses, twoTabs } from './faults-race-helpers';
import { move, toState } from './games-helpers';
import { call, json, registerPlayer, type Session } from './helpers';

// Faults, racing actions in clashes: two players, and two tabs of the one on turn, acting on the
// same clash at once, round after round; and lobby calls that cross each other. Each race must end with
// exactly the successes the rules allow, and the state read afterwards must be what the successful answers
// said. (The solo and daily races are in faults-race.test.ts.)

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
