import * as v from 'valibot';

// The request bodies of accounts and sessions (SPEC.md section 5), checked by the routes and, field by
// field, by the web app's forms as the user types: one set of rules. Each check carries its error key as
// its message (worker/lib/validate.ts reads it); within a pipe the length comes before the pattern, so
// a short name reports its length first.

/** A missing field validates as an empty one, so it fails with the field's own key. */
const text = (key: string) => v.optional(v.string(key), '');

export const Username = v.pipe(
  text('username-invalid'),
  v.trim(),
  v.minLength(3, 'username-length-invalid'),
  v.maxLength(15, 'username-length-invalid'),
  v.regex(/^[A-Za-z][A-Za-z0-9]*$/, 'username-invalid'),
);

export const Password = v.pipe(
  text('password-length-invalid'),
  v.minLength(6, 'password-length-invalid'),
  v.maxLength(30, 'password-length-invalid'),
);

/** A password that only has to be given (the old one: the server checks it, a wrong one is `password-invalid`). */
export const GivenPassword = v.pipe(
  text('password-length-invalid'),
  v.minLength(1, 'password-length-invalid'),
);

export const Email = v.pipe(
  v.string('email-invalid'),
  v.trim(),
  v.maxLength(254, 'email-invalid'),
  v.email('email-invalid'),
);

/** An e-mail where one must be given: absent or blank is `email-missing`. */
export const RequiredEmail = v.pipe(
  v.optional(v.nullable(v.string('email-invalid')), ''),
  v.transform((value) => value ?? ''),
  v.trim(),
  v.minLength(1, 'email-missing'),
  v.maxLength(254, 'email-invalid'),
  v.email('email-invalid'),
);

/** An e-mail that may be left out: absent, null or blank all mean none. */
export const OptionalEmail = v.pipe(
  v.optional(v.nullable(v.string('email-invalid')), ''),
  v.transform((value) => value?.trim() || undefined),
  v.union([v.undefined(), Email], 'email-invalid'),
);

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_LIKE = /^[A-Za-z0-9_]{3,15}$/;

/** The sign-in identifier: something shaped like an e-mail, or 3-15 letters, digits and underscores. */
export const Identifier = v.pipe(
  text('identifier-invalid'),
  v.trim(),
  v.maxLength(254, 'identifier-invalid'),
  v.check((value) => EMAIL_LIKE.test(value) || NAME_LIKE.test(value), 'identifier-invalid'),
);

export const GuestBody = v.object({ username: v.optional(v.string()) });

export const RegisterBody = v.object({ username: Username, email: OptionalEmail, password: Password });

/** `{identifier, password}`, or the identifier under `username` or `email`: the first one given counts. */
export const TokenBody = v.pipe(
  v.object({
    identifier: v.optional(v.unknown()),
    username: v.optional(v.unknown()),
    email: v.optional(v.unknown()),
    password: v.optional(v.unknown()),
  }),
  v.transform((body) => ({
    identifier: body.identifier ?? body.username ?? body.email,
    password: body.password,
  })),
  v.object({ identifier: Identifier, password: Password }),
);

export const PasswordResetBody = v.object({
  oldPassword: v.optional(v.string('password-invalid')),
  newPassword: Password,
});

export const EmailBody = v.object({ email: RequiredEmail });

export const TokenQuery = v.object({
  token: v.pipe(text('token-missing'), v.trim(), v.minLength(1, 'token-missing')),
});

export const UsernameBody = v.object({ username: Username });

/** Setting no e-mail (null or blank) removes it, as the profile allows (SPEC.md section 5). */
export const EmailChangeBody = v.object({ email: OptionalEmail });
