import type { DiceSource } from './types';

// Seeded randomness: the same numbers from the same seed on every machine. Puzzles are made from it (every
// browser makes the day's puzzle alike); the tests and the benches play repeatable games with it. A game's
// real dice never come from here (game/dice.ts: crypto.getRandomValues).

/** A 32-bit hash of a string (FNV-1a), a generator's seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, well-known 32-bit generator; numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Dice drawn from `next` (numbers in [0, 1)). */
export const seededDice =
  (next: () => number): DiceSource =>
  (count) =>
    Array.from({ length: count }, () => 1 + Math.floor(next() * 6));
