import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { GameResource } from '../../../contract/games';
import type { DiceSpeed } from '../../../contract/players';
import { MAX_DICE } from '../../../game/types';
import { isNewRoll, type RollMark, rolledDice, rollMark, tumbleMs } from './view';

/** How often a tumbling die shows a new face. */
export const FACE_MS = 90;
// Room for the most dice a game has; a game shows its own count of them (rules.dice).
const AT_REST: number[] = Array.from({ length: MAX_DICE }, () => 0);

const randomFace = () => 1 + Math.floor(Math.random() * 6);

/**
 * How long a die tumbles at each speed, [min, max] ms: SPEC section 9's 800-1800 ms, or a fast one that
 * lands within 400 ms even counting the face tick that notices it (300 + 90), or none.
 */
export const TUMBLE_MS: Record<DiceSpeed, readonly [number, number] | null> = {
  normal: [800, 1800],
  fast: [150, 300],
  off: null,
};

export interface DiceRoll {
  /** The face each die shows now: a random one while it tumbles, else the game's value; 0 before the turn's first roll. */
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
 * (a watcher, another tab) tumbles the dice it threw. `speed` is the player's choice ('off' also under
 * prefers-reduced-motion): fast tumbles for at most 400 ms, off tumbles nothing.
 */
export function useDiceRoll(game: GameResource, speed: DiceSpeed): DiceRoll {
  const range = TUMBLE_MS[speed];
  const still = range === null;
  const min = range?.[0] ?? 0;
  const max = range?.[1] ?? 0;
  // Before a turn's first roll the game's dice are no roll (all ones in a new game, the last turn's after a
  // fill): 0, a blank die, until this turn's first throw.
  const values = Array.from({ length: game.rules.dice }, (_, i) =>
    game.rollCount === 0 ? 0 : (game.dices.find((d) => d.index === i)?.value ?? 0),
  );
  // Landing time per die (epoch ms); 0 = at rest.
  const [until, setUntil] = useState<number[]>(AT_REST);
  const [faces, setFaces] = useState<number[]>(() => AT_REST.map(() => 1));
  // Our own roll is on its way: a die whose time is up keeps tumbling until the answer lands it.
  const waiting = useRef(false);

  const start = useCallback(
    (indices: number[]) => {
      const now = Date.now();
      setUntil((current) =>
        current.map((end, i) => (indices.includes(i) ? now + tumbleMs(Math.random(), min, max) : end)),
      );
      setFaces((current) => current.map((face, i) => (indices.includes(i) ? randomFace() : face)));
    },
    [min, max],
  );

  const begin = useCallback(
    (indices: number[]) => {
      if (still) return;
      waiting.current = true;
      start(indices);
    },
    [still, start],
  );

  const cancel = useCallback(() => {
    waiting.current = false;
    setUntil(AT_REST);
  }, []);

  useNewThrows(game, waiting, still ? null : start);

  const anyTumbling = until.some((end) => end > 0);
  useTumbleClock(anyTumbling, waiting, setUntil, setFaces);

  // A switch to reduced motion (or to 'off') mid-roll lands everything at once.
  useEffect(() => {
    if (still) {
      waiting.current = false;
      setUntil(AT_REST);
    }
  }, [still]);

  const tumbling = until.slice(0, values.length).map((end) => end > 0);
  return {
    faces: values.map((value, i) => (tumbling[i] ? faces[i] : value)),
    tumbling,
    busy: anyTumbling,
    begin,
    cancel,
  };
}

/**
 * A new state arrived. A new throw is ours (the dice already tumble and may now land: `waiting` is
 * cleared) or someone else's (`tumble` the dice it threw, unless the dice stay still: null); anything else
 * (an announcement, an undo, the same state again) leaves them be.
 */
function useNewThrows(
  game: GameResource,
  waiting: RefObject<boolean>,
  tumble: ((indices: number[]) => void) | null,
) {
  // The effect runs when the mark's content changes, not on every copy of the same state.
  const mark = useRef(rollMark(game));
  mark.current = rollMark(game);
  const markKey = JSON.stringify(mark.current);
  const seen = useRef<RollMark>(mark.current);
  const latestDiceRolled = useRef(game.latestDiceRolled);
  latestDiceRolled.current = game.latestDiceRolled;
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
    else tumble?.(rolledDice(latestDiceRolled.current, next.dice.length));
  }, [markKey, tumble, waiting]);
}

/**
 * While any die tumbles: a new face every FACE_MS, and each die whose time is up lands, unless our own
 * roll's answer is still on its way.
 */
function useTumbleClock(
  active: boolean,
  waiting: RefObject<boolean>,
  setUntil: Dispatch<SetStateAction<number[]>>,
  setFaces: Dispatch<SetStateAction<number[]>>,
) {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setUntil((current) => current.map((end) => (end > 0 && end <= now && !waiting.current ? 0 : end)));
      setFaces((current) => current.map(() => randomFace()));
    }, FACE_MS);
    return () => clearInterval(timer);
  }, [active, waiting, setUntil, setFaces]);
}
