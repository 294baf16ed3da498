import type { TFunction } from 'i18next';
import type { BoxType } from '../../../game/types';
import type { RollHint } from './view';

export interface BoardHintInput {
  /** Some die is still in the air. */
  rolling: boolean;
  completed: boolean;
  isPlayer: boolean;
  playerName: string;
  hint: RollHint;
  announcement: BoxType | null;
  total: number;
}

/** The line beside the roll button, in the viewer's language. */
export function boardHint(t: TFunction, input: BoardHintInput): string {
  if (input.rolling) return t('game.dice.rolling');
  if (input.completed) return t('game.finished', { total: input.total });
  if (!input.isPlayer) return t('game.hint.watching', { name: input.playerName });
  return t(`game.hint.${input.hint}`, {
    box: input.announcement ? t(`game.boxes.${input.announcement}`) : '',
  });
}
