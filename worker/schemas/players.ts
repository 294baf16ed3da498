import * as v from 'valibot';
import { OptionalEmail, Username } from './account';

export const UsernameBody = v.object({ username: Username });

/** Setting no e-mail (null or blank) removes it, as the profile allows (SPEC.md section 5). */
export const EmailChangeBody = v.object({ email: OptionalEmail });

export const PreferencesBody = v.object({
  language: v.pipe(
    v.optional(v.string('language-invalid'), ''),
    v.picklist(['en-US', 'en', 'hr'], 'language-invalid'),
    // The settings screen names English "en"; the stored value is the locale the app loads.
    v.transform((language) => (language === 'hr' ? 'hr' : 'en-US') as 'en-US' | 'hr'),
  ),
  theme: v.pipe(v.optional(v.string('theme-invalid'), ''), v.picklist(['dark', 'light'], 'theme-invalid')),
});
