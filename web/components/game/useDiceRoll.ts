import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameResource } from '../../../contract/games';
import { isNewRoll, type RollMark, rolledDice, rollMark, tumbleMs } from './view';

/** How often a tumbling die shows a new face. */
const FACE_MS = 90;
const AT_REST = [0, 0, 0, 0, 0];

const randomFace = () => 1 + Math.floor(Math.random() * 6);

export interface DiceRoll {
  /** The face each die shows now: a random one while it tumbles, else the game's value. */
  faces: number[];
  tumbling: boolean[];
  /** Some die is still tumbling: the sheet waits, so it never shows scores of dice still in the air. */
  busy: boolean;
  /** Starts the tumble of `indices` at once, before the server has answered. */
  begin: (indices: number[]) => void;
  /** Stops every tumble (the roll was refused). */
  cancel: () => void;
}

/**
 * The roll animation (SPEC section 9: 800-1800 ms, random per die). A roll made here starts tumbling at
 * the click and each die lands at its own time once the answer is in; a roll seen on the live socket
 * (a watcher, another tab) tumbles the dice it threw. Under prefers-reduced-motion nothing tumbles.
 */
export function useDiceRoll(game: GameResource, reducedMotion: boolean): DiceRoll {
  const values = AT_REST.map((_, i) => game.dices.find((d) => d.index === i)?.value ?? 1);
  // Landing time per die (epoch ms); 0 = at rest.
  const [until, setUntil] = useState<number[]>(AT_REST);
  const [faces, setFaces] = useState<number[]>([1, 1, 1, 1, 1]);
  // Our own roll is on its way: a die whose time is up keeps tumbling until the answer lands it.
  const waiting = useRef(false);
  // The effect below runs when the mark's content changes, not on every copy of the same state.
  const mark = useRef(rollMark(game));
  mark.current = rollMark(game);
  const markKey = JSON.stringify(mark.current);
  const seen = useRef<RollMark>(mark.current);
  const latestDiceRolled = useRef(game.latestDiceRolled);
  latestDiceRolled.current = game.latestDiceRolled;

  const start = useCallback((indices: number[]) => {
    const now = Date.now();
    setUntil((current) =>
      current.map((end, i) => (indices.includes(i) ? now + tumbleMs(Math.random()) : end)),
    );
    setFaces((current) => current.map((face, i) => (indices.includes(i) ? randomFace() : face)));
  }, []);

  const begin = useCallback(
    (indices: number[]) => {
      if (reducedMotion) return;
      waiting.current = true;
      start(indices);
    },
    [reducedMotion, start],
  );

  const cancel = useCallback(() => {
    waiting.current = false;
    setUntil(AT_REST);
  }, []);

  // A new state arrived. A new throw is ours (the dice already tumble and may now land) or someone
  // else's (tumble now); anything else (an announcement, an undo, the same state again) leaves them be.
  useEffect(() => {
    const next = mark.current;
    const prev = seen.current;
    seen.current = next;
    if (next.lastAction !== 'ROLL') {
      waiting.current = false;
      return;
    }
    if (!isNewRoll(prev, next)) return;
    if (waiting.current) waiting.current = false;
    else if (!reducedMotion) start(rolledDice(latestDiceRolled.current));
  }, [markKey, reducedMotion, start]);

  const anyTumbling = until.some((end) => end > 0);
  useEffect(() => {
    if (!anyTumbling) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setUntil((current) => current.map((end) => (end > 0 && end <= now && !waiting.current ? 0 : end)));
      setFaces((current) => current.map(() => randomFace()));
    }, FACE_MS);
    return () => clearInterval(timer);
  }, [anyTumbling]);

  // A switch to reduced motion mid-roll lands everything at once.
  useEffect(() => {
    if (reducedMotion) setUntil(AT_REST);
  }, [reducedMotion]);

  const tumbling = until.map((end) => end > 0);
  return {
    faces: values.map((value, i) => (tumbling[i] ? faces[i] : value)),
    tumbling,
    busy: anyTumbling,
    begin,
    cancel,
  };
}
