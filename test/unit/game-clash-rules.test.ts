import { describe, expect, it } from 'vitest';
import {
  acceptsAtOnce,
  afterTimeout,
  CLASH_MISSED_TURNS_FORFEIT,
  CLASH_RATED_MIN_FILLS,
  clashPermissions,
  gameOnTurn,
  playedEnough,
  playerOnTurn,
  ratingPlaces,
  readyToStart,
  refuseInvite,
  refuseRemoval,
  winnerOf,
} from '../../game';
import { clashOf, member, pending, recordOf, T0 } from './clash-fixtures';

// The clash's rules as game/clash.ts decides them, each once: who is on turn, who may be removed or
// invited, when a clash starts, the forfeit after missed turns, who wins, who shares a place, and
// when a clash is played enough to be rated.

describe('the turn of a running clash', () => {
  it('is the player at `turn`, and only their game is on turn', () => {
    const clash = clashOf([member(0), member(1), member(2)], { turn: 1 });
    expect(playerOnTurn(clash)?.id).toBe(11);
    expect(gameOnTurn(clash, 101)).toBe(true);
    expect(gameOnTurn(clash, 100)).toBe(false);
    expect(gameOnTurn(clash, 102)).toBe(false);
  });

  it('is nobody’s before the start or after the end', () => {
    const players = [member(0), member(1)];
    expect(playerOnTurn(clashOf(players, { status: 'PENDING' }))).toBeNull();
    expect(gameOnTurn(clashOf(players, { status: 'COMPLETED' }), 100)).toBe(false);
  });
});

describe('the start of a clash', () => {
  it('waits for every remaining player to accept, and for two of them', () => {
    expect(readyToStart(pending('ACCEPTED', 'ACCEPTED'))).toBe(true);
    expect(readyToStart(pending('ACCEPTED', 'PENDING'))).toBe(false);
    expect(readyToStart(pending('ACCEPTED'))).toBe(false);
  });

  it('counts the owner, the bot and both quick-matched players as accepted at once', () => {
    expect(acceptsAtOnce({ id: 10 }, 10)).toBe(true);
    expect(acceptsAtOnce({ id: 11, bot: true }, 10)).toBe(true);
    expect(acceptsAtOnce({ id: 11 }, 10, true)).toBe(true);
    expect(acceptsAtOnce({ id: 11 }, 10)).toBe(false);
  });
});

describe('who the owner may remove', () => {
  it('is an invited player who has not accepted, while two players stay', () => {
    const clash = pending('ACCEPTED', 'PENDING', 'PENDING');
    expect(refuseRemoval(clash, [11])).toBeNull();
    expect(refuseRemoval(clash, [11, 12])).toEqual({ status: 409, key: 'clash-too-small' });
    expect(clashPermissions(clash, 10, T0).remove).toBe(true);
  });

  it('is never the owner, a stranger, or a player who accepted', () => {
    const clash = pending('ACCEPTED', 'ACCEPTED', 'PENDING');
    expect(refuseRemoval(clash, [10])).toEqual({ status: 400, key: 'clash-players-invalid' });
    expect(refuseRemoval(clash, [99])).toEqual({ status: 400, key: 'clash-players-invalid' });
    expect(refuseRemoval(clash, [11])).toEqual({ status: 409, key: 'clash-player-accepted' });
  });

  it('gives the owner the remove link only when someone could go', () => {
    expect(clashPermissions(pending('ACCEPTED', 'PENDING'), 10, T0).remove).toBe(false);
    expect(clashPermissions(pending('ACCEPTED', 'ACCEPTED', 'ACCEPTED'), 10, T0).remove).toBe(false);
    expect(clashPermissions(pending('ACCEPTED', 'PENDING', 'PENDING'), 11, T0).remove).toBe(false);
  });
});

describe('who the owner may invite', () => {
  it('is someone not in yet, up to three players in all', () => {
    expect(refuseInvite(pending('ACCEPTED', 'PENDING'), [12])).toBeNull();
    expect(refuseInvite(pending('ACCEPTED', 'PENDING'), [11])).toEqual({
      status: 400,
      key: 'clash-players-invalid',
    });
    expect(refuseInvite(pending('ACCEPTED', 'PENDING', 'PENDING'), [13])).toEqual({
      status: 409,
      key: 'clash-full',
    });
    expect(clashPermissions(pending('ACCEPTED', 'PENDING', 'PENDING'), 10, T0).add).toBe(false);
  });
});

describe('missed turns', () => {
  it(`forfeit a player on the ${CLASH_MISSED_TURNS_FORFEIT}rd in a row, not before`, () => {
    const players = [member(0), member(1), member(2)];
    let record = recordOf(clashOf(players));
    for (let missed = 1; missed <= CLASH_MISSED_TURNS_FORFEIT; missed++) {
      const out = afterTimeout({ ...record, clash: { ...record.clash, turn: 0 } }, T0 + missed);
      if (!out) throw new Error('no outcome');
      record = { ...record, ...out };
      expect(record.clash.players[0]?.missed).toBe(missed);
      expect(record.clash.players[0]?.forfeited).toBe(missed === CLASH_MISSED_TURNS_FORFEIT);
    }
    expect(record.clash.status).toBe('IN_PROGRESS');
    expect(record.clash.turn).toBe(1);
  });

  it('abandon the clash when the last one standing let their own turn run out too', () => {
    const record = recordOf(clashOf([member(0, { missed: 2 }), member(1, { missed: 1 })]));
    const out = afterTimeout(record, T0 + 1);
    expect(out?.clash.status).toBe('ABANDONED');
    expect(out && winnerOf(out.clash)).toBeNull();
  });
});

describe('the places of a finished clash', () => {
  it('share a place on a tied total, and the next place is skipped', () => {
    expect(
      ratingPlaces([
        { id: 1, score: 300 },
        { id: 2, score: 200 },
        { id: 3, score: 300 },
      ]),
    ).toEqual([1, 3, 1]);
  });

  it('crown the first tied player in turn order as the winner', () => {
    const clash = clashOf([member(0, { score: 200 }), member(1, { score: 300 }), member(2, { score: 300 })], {
      status: 'COMPLETED',
    });
    expect(winnerOf(clash)?.id).toBe(11);
  });
});

describe('a rated clash', () => {
  it(`needs every player to fill ${CLASH_RATED_MIN_FILLS} boxes themselves`, () => {
    expect(playedEnough([CLASH_RATED_MIN_FILLS, CLASH_RATED_MIN_FILLS])).toBe(true);
    expect(playedEnough([CLASH_RATED_MIN_FILLS, CLASH_RATED_MIN_FILLS - 1])).toBe(false);
    expect(playedEnough([])).toBe(false);
  });
});
