import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  type Validator,
  validateIdentifier,
  validateOptionalEmail,
  validatePassword,
  validateRequiredEmail,
  validateUsername,
} from '../../web/validation';
import { Identifier, OptionalEmail, Password, RequiredEmail, Username } from '../../worker/schemas/account';

/** The key the server would answer with: its schemas carry the key as each check's message. */
function serverKey(schema: v.GenericSchema, value: string): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? 'input-invalid');
}

// Strings near the rules' edges: letters, digits, the characters e-mails and identifiers use, spaces.
const alphabet = fc.constantFrom(...'aZm09_.-+@ xé'.split(''));
const nearRules = fc.oneof(
  fc.string({ unit: alphabet, maxLength: 20 }),
  fc.string({ maxLength: 40 }),
  fc
    .tuple(
      fc.string({ unit: alphabet, minLength: 1, maxLength: 10 }),
      fc.string({ unit: alphabet, minLength: 1, maxLength: 8 }),
      fc.constantFrom('hr', 'com', 'c', 'co.uk', ''),
    )
    .map(([local, domain, tld]) => `${local}@${domain}${tld ? `.${tld}` : ''}`),
);

const pairs: [string, Validator, v.GenericSchema][] = [
  ['username', validateUsername, Username],
  ['password', validatePassword, Password],
  ['optional e-mail', validateOptionalEmail, OptionalEmail],
  ['required e-mail', validateRequiredEmail, RequiredEmail],
  ['identifier', validateIdentifier, Identifier],
];

describe('the forms check what the server checks', () => {
  for (const [name, validate, schema] of pairs) {
    it(`${name}: same verdict and key as the server`, () => {
      fc.assert(
        fc.property(nearRules, (value) => {
          expect(validate(value)).toBe(serverKey(schema, value));
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('names the rule a user broke', () => {
    expect(validateUsername('ab')).toBe('username-length-invalid');
    expect(validateUsername('1abc')).toBe('username-invalid');
    expect(validateUsername('marko_1')).toBe('username-invalid');
    expect(validateUsername('Marko85')).toBeNull();
    expect(validatePassword('12345')).toBe('password-length-invalid');
    expect(validatePassword('x'.repeat(31))).toBe('password-length-invalid');
    expect(validatePassword('secret')).toBeNull();
    expect(validateOptionalEmail('')).toBeNull();
    expect(validateOptionalEmail('marko@')).toBe('email-invalid');
    expect(validateRequiredEmail(' ')).toBe('email-missing');
    expect(validateRequiredEmail('marko@yamb.hr')).toBeNull();
    expect(validateIdentifier('marko_85')).toBeNull();
    expect(validateIdentifier('marko@yamb.hr')).toBeNull();
    expect(validateIdentifier('mk')).toBe('identifier-invalid');
  });
});
