import type { APIRequestContext } from '@playwright/test';
import type { ClashResource } from '../../contract/clashes';
import { type GameResource, toGameState } from '../../contract/games';
import type { ScoreSummary } from '../../contract/scores';
import { BOX_TYPES, fillableBoxes } from '../../game';
import { expect } from './fixtures';
import type { Player } from './players';

// Players with finished games, made through the public API as a script would: register, sign in, then
// play whole games through each game's own links (roll all five dice, fill the first box the rules allow;
// when only announcement boxes are left, announce one and fill it), and archive them for the next.

/** PUT on one of the game's links, which must succeed; the game it answers. */
export async function put(request: APIRequestContext, href: string, data?: unknown): Promise<GameResource> {
  const reply = await request.put(href, { data: data ?? {} });
  expect(reply.ok(), `${href}: ${reply.status()} ${await reply.text()}`).toBe(true);
  return (await reply.json()) as GameResource;
}

/** How many boxes of the game's sheet are still empty. */
export const emptyBoxes = (game: GameResource) =>
  toGameState(game)
    .sheet.columns.flatMap((c) => c.boxes)
    .filter((b) => b.value === null).length;

/** A box a browser test keeps for its own last fill: the free column's Yamb, fillable whatever the dice. */
export const KEPT = { column: 'FREE', box: 'YAMB' } as const;

/**
 * One turn through the game's links, as the player's own client would: roll all five dice, then fill the
 * first box the rules allow (`kept` last of all); when only announcement boxes are left, announce the first
 * empty one and fill it. `game` may be the game or its id.
 */
export async function playTurn(
  request: APIRequestContext,
  game: GameResource | number,
  kept: { column: string; box: string } | null = null,
): Promise<GameResource> {
  if (typeof game === 'number')
    game = (await (await request.get(`/api/games/${game}`)).json()) as GameResource;
  expect(game._links.roll, 'the player has a roll link').toBeTruthy();
  game = await put(request, game._links.roll!.href, { diceToRoll: [0, 1, 2, 3, 4] });
  let target = fillableBoxes(toGameState(game)).filter(
    (b) => !(kept && b.column === kept.column && b.box === kept.box),
  )[0];
  if (!target) {
    const column = toGameState(game).sheet.columns.find((c) => c.type === 'ANNOUNCEMENT');
    const box = BOX_TYPES.find((type) => column?.boxes.find((b) => b.type === type)?.value === null);
    expect(box, 'an empty announcement box').toBeTruthy();
    game = await put(request, game._links.announce!.href, { boxType: box });
    target = { column: 'ANNOUNCEMENT', box: box! };
  }
  return put(request, game._links.fill!.href, { columnType: target.column, boxType: target.box });
}

/** Plays `count` whole games for the player; answers the final totals, oldest first. */
export async function finishGames(player: Player, count: number): Promise<number[]> {
  const request = player.context.request;
  let game = await put(request, '/api/games/', { playerId: player.id });
  const totals: number[] = [];
  for (let played = 0; played < count; played++) {
    for (let turn = 0; turn < 52 && game.status !== 'COMPLETED'; turn++) game = await playTurn(request, game);
    expect(game.status).toBe('COMPLETED');
    totals.push(game.totalSum);
    expect(game._links.archive, 'a finished game can be put away').toBeTruthy();
    game = await put(request, game._links.archive!.href);
  }
  return totals;
}

/** Plays a started clash to its end through its players' game links, each on turn in the clash's order. */
export async function finishClash(clashId: number, players: Player[]) {
  const requestOf = new Map(players.map((player) => [player.id, player.context.request]));
  const request = players[0]!.context.request;
  for (let turns = 0; turns < 400; turns++) {
    const clash = (await (await request.get(`/api/clashes/${clashId}`)).json()) as ClashResource;
    if (clash.status === 'COMPLETED') return;
    const current = clash.players[clash.turn]!;
    await playTurn(requestOf.get(current.id)!, current.gameId!);
  }
  throw new Error('the clash did not end');
}

/** The player's scores once the index has all `count` of them (it follows the rooms a moment later). */
export async function scoresOf(request: APIRequestContext, playerId: number, count: number) {
  let scores: ScoreSummary[] = [];
  await expect
    .poll(
      async () => {
        const reply = await request.get(
          `/api/scores/?playerId=${playerId}&size=100&sort=createdAt&order=DESC`,
        );
        if (!reply.ok()) return -reply.status();
        const page = (await reply.json()) as { _embedded?: { scores?: ScoreSummary[] } };
        scores = page._embedded?.scores ?? [];
        return scores.length;
      },
      { timeout: 20_000 },
    )
    .toBe(count);
  return scores;
}
