import { useEffect, useRef, useState } from 'react';
import type { GameState } from '../../../game/types';
import { isTyping } from '../game/isTyping';

export interface RealDiceEntry {
  /** The face entered for each die, 1-6; 0 for a die not entered yet. */
  faces: number[];
  /** The die the next face goes to. */
  selected: number;
  /** Every die has a face: the roll can be entered. */
  complete: boolean;
  /** The dice whose face differs from the roll before (a turn's first roll: none). */
  changed: boolean[];
  select: (index: number) => void;
  /** The selected die shows `face`; the next die is selected. */
  pick: (face: number) => void;
  /** The faces typed as digits ("35526"); anything but 1-6 is dropped. */
  type: (text: string) => void;
  /** The faces as typed digits, for the text field. */
  text: string;
}

/** A turn's first roll starts from blank dice; a later roll from the faces of the roll before. */
const startFaces = (state: GameState): number[] =>
  Array.from({ length: state.rules.dice }, (_, i) => (state.rollCount === 0 ? 0 : (state.dice[i] ?? 0)));

/**
 * The faces a player enters for their roll, tapped or typed. Whenever the game moves on (a roll entered, a
 * box filled, an entry undone), the entry starts again from what the game now shows. The keys 1-6 type
 * the faces in order, Backspace takes the last one back, while `keys` (the roll can be entered), never while
 * typing in a field or with a dialog open.
 */
export function useRealDiceEntry(state: GameState, key: string, keys: boolean): RealDiceEntry {
  const [entry, setEntry] = useState(() => ({ key, faces: startFaces(state), selected: 0 }));
  // Another state of the game: start again from it (set during render, so no frame shows the old faces).
  let current = entry;
  if (entry.key !== key) {
    current = { key, faces: startFaces(state), selected: 0 };
    setEntry(current);
  }
  const { faces, selected } = current;
  const count = faces.length;
  const before = startFaces(state);

  const pick = (face: number) =>
    setEntry((e) => ({
      ...e,
      faces: e.faces.map((f, i) => (i === e.selected ? face : f)),
      selected: Math.min(e.selected + 1, count - 1),
    }));
  const back = () =>
    setEntry((e) => {
      // On a blank die, Backspace clears the one before it.
      const at = e.faces[e.selected] === 0 && e.selected > 0 ? e.selected - 1 : e.selected;
      return { ...e, faces: e.faces.map((f, i) => (i === at ? 0 : f)), selected: at };
    });

  const latest = useRef({ pick, back });
  latest.current = { pick, back };
  useEffect(() => {
    if (!keys) return;
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      if (/^[1-6]$/.test(event.key)) {
        event.preventDefault();
        latest.current.pick(Number(event.key));
      } else if (event.key === 'Backspace') {
        event.preventDefault();
        latest.current.back();
      }
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [keys]);

  return {
    faces,
    selected,
    complete: faces.every((f) => f >= 1 && f <= 6),
    changed: faces.map((f, i) => state.rollCount > 0 && f !== 0 && f !== before[i]),
    select: (index) => setEntry((e) => ({ ...e, selected: index })),
    pick,
    type: (text) => {
      const typed = [...text]
        .filter((c) => c >= '1' && c <= '6')
        .slice(0, count)
        .map(Number);
      setEntry((e) => ({
        ...e,
        faces: Array.from({ length: count }, (_, i) => typed[i] ?? 0),
        selected: Math.min(typed.length, count - 1),
      }));
    },
    text: faces.map((f) => (f === 0 ? '' : String(f))).join(''),
  };
}
