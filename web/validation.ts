import { EMAIL_REGEX } from 'valibot';

// SPEC section 5, checked as the user types. The rules are the server's (worker/schemas/account.ts),
// in the same order, so a value the form accepts is one the server accepts, and a refused one shows
// the key the server would send. Each validator returns an `errors.*` key, or null when the value is fine.

export type ErrorKey =
  | 'username-invalid'
  | 'username-length-invalid'
  | 'identifier-invalid'
  | 'password-length-invalid'
  | 'email-invalid'
  | 'email-missing';

export type Validator = (value: string) => ErrorKey | null;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 15;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 30;
export const EMAIL_MAX = 254;

const USERNAME = /^[A-Za-z][A-Za-z0-9]*$/;
const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_LIKE = /^[A-Za-z0-9_]{3,15}$/;

/** Letters and digits, starting with a letter, 3-15 characters; the length is reported first. */
export const validateUsername: Validator = (value) => {
  const name = value.trim();
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX) return 'username-length-invalid';
  return USERNAME.test(name) ? null : 'username-invalid';
};

/** 6-30 characters, anything allowed (spaces count: a password is never trimmed). */
export const validatePassword: Validator = (value) =>
  value.length < PASSWORD_MIN || value.length > PASSWORD_MAX ? 'password-length-invalid' : null;

/** The address itself, as valibot's `email()` on the server checks it. */
function emailKey(value: string): ErrorKey | null {
  return value.length <= EMAIL_MAX && EMAIL_REGEX.test(value) ? null : 'email-invalid';
}

/** Sign-up and profile: blank means no address. */
export const validateOptionalEmail: Validator = (value) => {
  const email = value.trim();
  return email ? emailKey(email) : null;
};

/** Password reset and resend: an address must be given. */
export const validateRequiredEmail: Validator = (value) => {
  const email = value.trim();
  return email ? emailKey(email) : 'email-missing';
};

/** Sign-in: something shaped like an e-mail, or 3-15 letters, digits and underscores. */
export const validateIdentifier: Validator = (value) => {
  const identifier = value.trim();
  if (identifier.length > EMAIL_MAX) return 'identifier-invalid';
  return EMAIL_LIKE.test(identifier) || NAME_LIKE.test(identifier) ? null : 'identifier-invalid';
};
