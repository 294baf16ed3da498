// What the replay says about a moment: the move that made it, in words. Pure (the translator is passed in),
// so the unit tests can run it in node.
import type { TFunction } from 'i18next';
import { frameAt, type ReplayFrame } from '../../../game/replay';

/** "Ana rolled 3 5 2 1 4", "Ana kept 5, 5 and rolled 5 5 6 2 1", "Ana wrote 30 in Free · Yamb (undone)"… */
export function moveText(t: TFunction, frame: ReplayFrame, name: string): string {
  const move = frame.move;
  if (!move) return t('replay.move.start');
  const state = frame.states[frame.gameId];
  switch (move.kind) {
    case 'ROLL': {
      const dice = move.dice.join(' ');
      if (move.held.length === 0) return t('replay.move.rolled', { name, dice });
      const kept = move.held.map((i) => move.dice[i]).join(', ');
      return t('replay.move.kept', { name, kept, dice });
    }
    case 'ANNOUNCE':
      return t('replay.move.announced', { name, box: t(`game.boxes.${move.box}`) });
    case 'FILL': {
      const score = state?.sheet.columns
        .find((c) => c.type === move.column)
        ?.boxes.find((b) => b.type === move.box)?.value;
      const place = t('advice.place', {
        column: t(`game.columns.${move.column}`),
        box: t(`game.boxes.${move.box}`),
      });
      const text = t('replay.move.wrote', { name, score: score ?? 0, place });
      return frame.undone ? t('replay.move.undone', { move: text }) : text;
    }
    case 'UNDO':
      return t('replay.move.undo', { name });
    case 'PASS':
      return t('replay.move.passed', { name });
  }
}

/** A moment's address: `?turn=17&roll=2`, with `step` for a later moment of the same turn and roll (a fill after its roll). */
export function momentParams(frames: readonly ReplayFrame[], index: number): Record<string, string> {
  const frame = frames[index];
  if (!frame) return {};
  let step = 0;
  while (index - step - 1 >= 0) {
    const earlier = frames[index - step - 1];
    if (earlier.turn !== frame.turn || earlier.roll !== frame.roll) break;
    step++;
  }
  const params: Record<string, string> = { turn: String(frame.turn), roll: String(frame.roll) };
  if (step > 0) params.step = String(step);
  return params;
}

/** The moment an address names (game/replay.ts frameAt, then `step` more of the same turn and roll); 0 without one. */
export function momentIndex(frames: readonly ReplayFrame[], params: URLSearchParams): number {
  const turn = Number(params.get('turn'));
  const roll = Number(params.get('roll') ?? 0);
  if (!Number.isSafeInteger(turn) || turn < 1 || !Number.isSafeInteger(roll)) return 0;
  const at = frameAt(frames, turn, roll);
  const step = Number(params.get('step') ?? 0);
  const stepped = frames[at + step];
  const fits =
    Number.isSafeInteger(step) &&
    step > 0 &&
    stepped?.turn === frames[at].turn &&
    stepped.roll === frames[at].roll;
  return fits ? at + step : at;
}
