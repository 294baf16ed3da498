import type { DiceSource } from './types';

// 252 is the largest multiple of 6 that fits in a byte; bytes above it would favour faces 1-4.
const BYTE_LIMIT = 252;

/** Fair dice from the platform's CSPRNG. */
export const cryptoDiceSource: DiceSource = (count) => {
  const values: number[] = [];
  while (values.length < count) {
    const bytes = crypto.getRandomValues(new Uint8Array(count - values.length));
    for (const b of bytes) if (b < BYTE_LIMIT) values.push((b % 6) + 1);
  }
  return values;
};
