// What the Hint button shows, from the advisor's Advice. Pure (the translator is passed in), so the unit
// tests can run it in node.
import type { TFunction } from 'i18next';
import type { Advice } from '../../../game/advisor';
import type { GameState } from '../../../game/types';
import type { Target } from '../../../game/sheetValue';
import { previewScore } from '../../../game/preview';
import type { GameResource } from '../../../contract/games';

/**
 * The hint is a solo player's help: a clash is a match between players, a watcher has no move to make,
 * and a finished game has none left. The move links say whether the viewer may move now.
 */
export function offersHint(game: GameResource, viewerId: number | null): boolean {
  const links = game._links;
  return (
    game.type === 'SOLO' &&
    viewerId !== null &&
    viewerId === game.player.id &&
    game.status === 'IN_PROGRESS' &&
    !!(links.roll || links.fill || links.announce)
  );
}

export interface AdviceMarks {
  /** The dice the advice keeps for the next roll; none before a turn's first roll or when the turn ends. */
  keep: number[];
  /** The box to fill or announce now, or the one a roll aims for. */
  target: Target | null;
}

export function adviceMarks(advice: Advice, state: GameState): AdviceMarks {
  switch (advice.kind) {
    case 'FILL':
      return { keep: [], target: { column: advice.column, box: advice.box } };
    case 'ANNOUNCE':
      return { keep: [], target: { column: 'ANNOUNCEMENT', box: advice.box } };
    case 'ROLL':
      return { keep: state.rollCount === 0 ? [] : advice.reason.keep, target: advice.reason.target };
  }
}

/** "Keep the three fives" / "Keep 2, 3, 4, 5": the kept dice by their values. */
function keepPhrase(t: TFunction, values: number[]): string {
  const count = values.length;
  if (values.every((v) => v === values[0])) {
    return t('advice.keepSame', {
      count,
      number: t(`advice.numbers.${count}`, { defaultValue: String(count) }),
      face: t(`advice.faces.${values[0]}`, { count }),
    });
  }
  // Dice values read as a row of dice, not as prose: no "and" before the last one.
  return t('advice.keepList', { dice: [...values].sort((a, b) => a - b).join(', ') });
}

/**
 * The advice in a sentence. The advisor's `expected` is not said: it is the heuristic's gain over an
 * average turn, not a score the player would recognise; a fill says the score it writes instead.
 */
export function adviceText(t: TFunction, advice: Advice, state: GameState): string {
  const place = (target: Target) =>
    t('advice.place', {
      column: t(`game.columns.${target.column}`),
      box: t(`game.boxes.${target.box}`),
    });
  switch (advice.kind) {
    case 'FILL':
      return t('advice.fill', {
        score: previewScore(state, advice.column, advice.box),
        place: place(advice),
      });
    case 'ANNOUNCE':
      return t('advice.announce', { box: t(`game.boxes.${advice.box}`) });
    case 'ROLL': {
      if (state.rollCount === 0) return t('advice.rollFirst');
      const target = advice.reason.target;
      const keep = advice.reason.keep.map((i) => state.dice[i]);
      if (keep.length === 0) {
        return target ? t('advice.rollAllFor', { place: place(target) }) : t('advice.rollAll');
      }
      const phrase = keepPhrase(t, keep);
      return target
        ? t('advice.keepFor', { keep: phrase, place: place(target) })
        : t('advice.keep', { keep: phrase });
    }
  }
}
