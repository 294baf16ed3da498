import { guestName } from '../../contract/guestName';

export { GUEST_NAME } from '../../contract/guestName';

/** A guest name drawn with the platform's CSPRNG. */
export function randomGuestName(): string {
  return guestName((n) => (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % n);
}
