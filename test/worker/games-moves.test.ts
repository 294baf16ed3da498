import { describe, expect, it } from 'vitest';
import { RULE_ERROR_KEYS, scoreBox } from '../../game';
import enUS from '../../locales/en-US.json';
import hr from '../../locales/hr.json';
import { type Game, guestWithGame, move, play } from './games-helpers';
import { call, expectError, json, registerGuest } from './helpers';

const values = (game: Game) => game.dices.map((d) => d.value);

describe('rolling', () => {
  it('the first roll of a turn throws all five dice, whatever was asked', async () => {
    const me = await guestWithGame();
    const game = await play(me, me.game.id, 'roll', { diceToRoll: [2] });
    expect(game.rollCount).toBe(1);
    expect(game.lastAction).toBe('ROLL');
    expect(game.latestDiceRolled).toEqual([0, 1, 2, 3, 4]);
    for (const value of values(game)) expect(value).toBeGreaterThanOrEqual(1);
    for (const value of values(game)) expect(value).toBeLessThanOrEqual(6);
  });

  it('a later roll throws only the chosen dice and keeps the others', async () => {
    const me = await guestWithGame();
    const first = await play(me, me.game.id, 'roll');
    const second = await play(me, me.game.id, 'roll', { diceToRoll: [3, 1] });
    expect(second.rollCount).toBe(2);
    expect(second.latestDiceRolled).toEqual([1, 3]);
    for (const index of [0, 2, 4]) expect(second.dices[index]).toEqual(first.dices[index]);
  });

  it('an empty body or a null choice rolls all five', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    expect((await play(me, me.game.id, 'roll', { diceToRoll: null })).latestDiceRolled).toEqual([
      0, 1, 2, 3, 4,
    ]);
    expect((await play(me, me.game.id, 'roll')).latestDiceRolled).toEqual([0, 1, 2, 3, 4]);
  });

  it('three rolls a turn: the link goes away and a fourth is refused with roll-limit-reached', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    await play(me, me.game.id, 'roll');
    const third = await play(me, me.game.id, 'roll');
    expect(third.rollCount).toBe(3);
    expect(third._links.roll).toBeUndefined();
    expect(third._links.fill).toBeDefined();
    await expectError(await move(me, me.game.id, 'roll'), 409, 'roll-limit-reached');
  });

  it.each([
    ['none', []],
    // Index 5 passes the body (a six-dice game has it); the rules refuse it on five dice (rule-sets-games.test.ts).
    ['an index past the last die', [6]],
    ['a negative index', [-1]],
    ['the same die twice', [0, 0]],
    ['a fraction', [0.5]],
    ['a string', 'all'],
    ['an index as text', ['1']],
    ['six dice', [0, 1, 2, 3, 4, 0]],
  ])('refuses to roll %s: 400 dice-invalid', async (_, diceToRoll) => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    await expectError(await move(me, me.game.id, 'roll', { diceToRoll }), 400, 'dice-invalid');
  });

  it('a watcher cannot roll (403 not-your-game), a visitor must sign in (401)', async () => {
    const me = await guestWithGame();
    const watcher = await registerGuest();
    await expectError(await move(watcher, me.game.id, 'roll'), 403, 'not-your-game');
    await expectError(await move(null, me.game.id, 'roll'), 401, 'unauthorized');
    const untouched = await json<Game>(await call(`/games/${me.game.id}`));
    expect(untouched.rollCount).toBe(0);
  });

  it('a game that does not exist cannot be rolled: 404 game-not-found', async () => {
    const me = await registerGuest();
    await expectError(await move(me, 987654, 'roll'), 404, 'game-not-found');
  });
});

describe('announcing', () => {
  it('right after the first roll the player may announce; then only that box can be filled', async () => {
    const me = await guestWithGame();
    const rolled = await play(me, me.game.id, 'roll');
    expect(rolled._links.announce).toBeDefined();
    const announced = await play(me, me.game.id, 'announce', { boxType: 'YAMB' });
    expect(announced.announcement).toBe('YAMB');
    expect(announced._links.announce).toBeUndefined();
    await expectError(
      await move(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' }),
      409,
      'box-not-available',
    );
    const filled = await play(me, me.game.id, 'fill', { columnType: 'ANNOUNCEMENT', boxType: 'YAMB' });
    expect(filled.sheet.columns.find((c) => c.type === 'ANNOUNCEMENT')?.boxes.at(-1)?.value).not.toBeNull();
    expect(filled.announcement).toBeNull();
  });

  it('is refused before the first roll, after the second, and twice: announcement-not-allowed', async () => {
    const me = await guestWithGame();
    expect(me.game._links.announce).toBeUndefined();
    await expectError(
      await move(me, me.game.id, 'announce', { boxType: 'TRIPS' }),
      409,
      'announcement-not-allowed',
    );
    await play(me, me.game.id, 'roll');
    await play(me, me.game.id, 'announce', { boxType: 'TRIPS' });
    await expectError(
      await move(me, me.game.id, 'announce', { boxType: 'BOAT' }),
      409,
      'announcement-not-allowed',
    );
    const other = await guestWithGame();
    await play(other, other.game.id, 'roll');
    const second = await play(other, other.game.id, 'roll');
    expect(second._links.announce).toBeUndefined();
    await expectError(
      await move(other, other.game.id, 'announce', { boxType: 'TRIPS' }),
      409,
      'announcement-not-allowed',
    );
  });

  it('an unknown box is 400 box-type-invalid', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    await expectError(await move(me, me.game.id, 'announce', { boxType: 'SEVENS' }), 400, 'box-type-invalid');
    await expectError(await move(me, me.game.id, 'announce', {}), 400, 'box-type-invalid');
  });
});

describe('filling', () => {
  it('writes the score of the dice into the box and starts a new turn', async () => {
    const me = await guestWithGame();
    const rolled = await play(me, me.game.id, 'roll');
    const filled = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'SIXES' });
    const expected = scoreBox('SIXES', values(rolled));
    expect(filled.sheet.columns.find((c) => c.type === 'FREE')?.boxes[5]).toEqual({
      type: 'SIXES',
      value: expected,
    });
    expect(filled).toMatchObject({
      rollCount: 0,
      lastAction: 'FILL',
      latestBoxFilled: 'SIXES',
      latestColumnFilled: 'FREE',
      announcement: null,
      totalSum: expected,
      progress: 2,
    });
    expect(filled._links.fill).toBeUndefined();
    expect(filled._links.roll).toBeDefined();
  });

  it('needs a roll first: roll-required', async () => {
    const me = await guestWithGame();
    expect(me.game._links.fill).toBeUndefined();
    await expectError(
      await move(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' }),
      409,
      'roll-required',
    );
  });

  it('keeps each column’s order and never fills a box twice: box-not-available', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    const refused = [
      { columnType: 'DOWNWARDS', boxType: 'TWOS' },
      { columnType: 'UPWARDS', boxType: 'ONES' },
      { columnType: 'ANNOUNCEMENT', boxType: 'ONES' },
    ];
    for (const body of refused)
      await expectError(await move(me, me.game.id, 'fill', body), 409, 'box-not-available');
    await play(me, me.game.id, 'fill', { columnType: 'DOWNWARDS', boxType: 'ONES' });
    await play(me, me.game.id, 'roll');
    await expectError(
      await move(me, me.game.id, 'fill', { columnType: 'DOWNWARDS', boxType: 'ONES' }),
      409,
      'box-not-available',
    );
  });

  it('unknown names are 400: column-type-invalid, box-type-invalid', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    await expectError(
      await move(me, me.game.id, 'fill', { columnType: 'SIDEWAYS', boxType: 'ONES' }),
      400,
      'column-type-invalid',
    );
    await expectError(
      await move(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'SEVENS' }),
      400,
      'box-type-invalid',
    );
    await expectError(await move(me, me.game.id, 'fill', {}), 400, 'column-type-invalid');
  });

  it('a body that is not JSON is 400 body-invalid; a body of another type is 415', async () => {
    const me = await guestWithGame();
    const json = { 'Content-Type': 'application/json' };
    await expectError(
      await call(`/games/${me.game.id}/fill`, { method: 'PUT', jar: me.jar, body: '{nope', headers: json }),
      400,
      'body-invalid',
    );
    // What a cross-site form can send without asking first: refused whatever it holds.
    const form = { 'Content-Type': 'text/plain' };
    const typed = JSON.stringify({ columnType: 'FREE', boxType: 'ONES' });
    await expectError(
      await call(`/games/${me.game.id}/fill`, { method: 'PUT', jar: me.jar, body: typed, headers: form }),
      415,
      'content-type-invalid',
    );
  });

  it('someone else’s fill is 403 not-your-game', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    const other = await registerGuest();
    await expectError(
      await move(other, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' }),
      403,
      'not-your-game',
    );
  });
});

describe('undo', () => {
  it('takes the last fill back exactly, and is offered only while there is one', async () => {
    const me = await guestWithGame();
    expect(me.game._links.undo).toBeUndefined();
    const rolled = await play(me, me.game.id, 'roll', {});
    const again = await play(me, me.game.id, 'roll', { diceToRoll: [0] });
    const filled = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'CARRIAGE' });
    expect(filled._links.undo).toEqual({ href: `/api/games/${me.game.id}/undo` });
    const undone = await play(me, me.game.id, 'undo');
    expect(undone.sheet).toEqual(me.game.sheet);
    expect(undone.dices).toEqual(again.dices);
    expect(undone.rollCount).toBe(2);
    expect(undone.lastAction).toBe('ROLL');
    expect(undone.latestDiceRolled).toEqual([0]);
    expect(undone._links.undo).toBeUndefined();
    expect(rolled.id).toBe(undone.id);
    await expectError(await move(me, me.game.id, 'undo'), 409, 'undo-not-available');
  });

  it('is gone once the next turn has been rolled: undo-not-available', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' });
    const rolled = await play(me, me.game.id, 'roll');
    expect(rolled._links.undo).toBeUndefined();
    await expectError(await move(me, me.game.id, 'undo'), 409, 'undo-not-available');
  });

  it('is the player’s alone: 403 for anyone else', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' });
    const other = await registerGuest();
    const seen = await json<Game>(await call(`/games/${me.game.id}`, { jar: other.jar }));
    expect(seen._links.undo).toBeUndefined();
    await expectError(await move(other, me.game.id, 'undo'), 403, 'not-your-game');
  });
});

describe('restart', () => {
  it('starts the same game over with an empty sheet', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    const filled = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'YAMB' });
    expect(filled._links.restart).toBeDefined();
    const restarted = await play(me, me.game.id, 'restart');
    expect(restarted.id).toBe(me.game.id);
    expect(restarted.sheet).toEqual(me.game.sheet);
    expect(restarted).toMatchObject({
      rollCount: 0,
      totalSum: 0,
      progress: 0,
      lastAction: null,
      status: 'IN_PROGRESS',
    });
    expect(restarted._links.undo).toBeUndefined();
  });

  it('is the player’s alone: no link and 403 for a watcher', async () => {
    const me = await guestWithGame();
    const other = await registerGuest();
    const seen = await json<Game>(await call(`/games/${me.game.id}`, { jar: other.jar }));
    expect(seen._links.restart).toBeUndefined();
    await expectError(await move(other, me.game.id, 'restart'), 403, 'not-your-game');
  });
});

describe('archive', () => {
  it('is only for a finished game: game-not-completed', async () => {
    const me = await guestWithGame();
    expect(me.game._links.archive).toBeUndefined();
    await expectError(await move(me, me.game.id, 'archive'), 409, 'game-not-completed');
  });
});

describe('refusals speak the player’s language', () => {
  // The rules' refusals, and those the Worker and the room add around them.
  const keys = [
    ...RULE_ERROR_KEYS,
    'game-not-found',
    'not-your-game',
    'box-type-invalid',
    'column-type-invalid',
    'game-not-completed',
    'service-unavailable',
  ];

  it.each(keys)('%s has an English and a Croatian message', (key) => {
    const en = (enUS.errors as Record<string, string>)[key];
    const hrMessage = (hr.errors as Record<string, string>)[key];
    expect(en).toBeTruthy();
    expect(hrMessage).toBeTruthy();
    expect(hrMessage).not.toBe(en);
  });

  it('a refused fill answers in Croatian when asked', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    const response = await call(`/games/${me.game.id}/fill`, {
      method: 'PUT',
      jar: me.jar,
      language: 'hr',
      body: { columnType: 'DOWNWARDS', boxType: 'YAMB' },
    });
    expect(await expectError(response, 409, 'box-not-available')).toEqual({
      key: 'box-not-available',
      message: 'To polje se sada ne može upisati',
    });
  });
});
