/** SPEC section 9: a colour word, an animal word and a number 0 to 999, e.g. "BluePanda42". */
export const GUEST_COLORS = [
  'Red',
  'Blue',
  'Green',
  'Yellow',
  'Purple',
  'Orange',
  'Pink',
  'Cyan',
  'Teal',
  'White',
];
export const GUEST_ANIMALS = [
  'Panda',
  'Tiger',
  'Dolphin',
  'Fox',
  'Owl',
  'Wolf',
  'Eagle',
  'Bear',
  'Shark',
  'Rabbit',
];

export function randomGuestName(random: () => number = Math.random): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return `${pick(GUEST_COLORS)}${pick(GUEST_ANIMALS)}${Math.floor(random() * 1000)}`;
}
