import * as v from 'valibot';
import { Email } from '../../../contract/account';

/** "a@b.hr, c@d.com," → ["a@b.hr", "c@d.com"] */
export function splitEmails(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The addresses that fail the account e-mail rule (contract/account.ts), the one the server applies too. */
export function invalidEmails(value: string): string[] {
  return splitEmails(value).filter((email) => !v.safeParse(Email, email).success);
}
