import type { Game } from './games-helpers';
import { json, registerPlayer, type Session, signIn } from './helpers';

// What the race tests (faults-race*.test.ts) share: the answers' statuses and error keys, a sheet's filled
// boxes, and one account signed in twice.

export const statuses = (answers: Response[]) => answers.map((r) => r.status);
export const okCount = (answers: Response[]) => answers.filter((r) => r.status === 200).length;
export const filledBoxes = (game: Game) =>
  game.sheet.columns.flatMap((c) => c.boxes.map((b) => ({ column: c.type, box: b.type, value: b.value })));
export const filledCount = (game: Game) => filledBoxes(game).filter((b) => b.value !== null).length;
export const keysOf = async (answers: Response[]) =>
  Promise.all(answers.filter((r) => r.status !== 200).map(async (r) => (await json<{ key: string }>(r)).key));

/** The same account signed in twice: two tabs with sessions of their own. */
export async function twoTabs(): Promise<[Session, Session]> {
  const first = await registerPlayer();
  const second = await signIn(first.username, first.password);
  return [first, second];
}
