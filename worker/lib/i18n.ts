import enUS from '../../locales/en-US.json';
import hr from '../../locales/hr.json';

export type Language = 'en-US' | 'hr';

const messages: Record<Language, Record<string, string>> = { 'en-US': enUS.errors, hr: hr.errors };
const mails: Record<Language, Record<string, string>> = { 'en-US': enUS.mail, hr: hr.mail };

/** Croatian when the client's first acceptable language is Croatian, English otherwise. */
export function pickLanguage(acceptLanguage: string | undefined | null): Language {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('hr') ? 'hr' : 'en-US';
}

export function errorMessage(language: Language, key: string): string {
  return messages[language][key] ?? messages['en-US'][key] ?? messages[language].internal;
}

const notificationTexts: Record<string, string> = enUS.notifications.kinds;

/** A notification's English sentence (its `content`; the app words it in the reader's language). */
export function notificationText(kind: string, values: Record<string, string | undefined>): string {
  // i18next's context, as the app words it: `kind_context` when there is one.
  const variant = values.context ? notificationTexts[`${kind}_${values.context}`] : undefined;
  return nest(fill(variant ?? notificationTexts[kind] ?? kind, values));
}

/** Resolves i18next's `$t(a.b.c)` (the client's own nesting, e.g. a ticket's status word) in the English texts. */
const nest = (text: string) =>
  text.replace(/\$t\(([\w.-]+)\)/g, (whole, path: string) => {
    let at: unknown = enUS;
    for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
    return typeof at === 'string' ? at : whole;
  });

const fill = (template: string, values: Record<string, string | undefined>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);

/** A mail text of `locales/*.json` under `mail.<key>`, with `{{name}}` placeholders filled in. */
export function mailText(language: Language, key: string, values: Record<string, string> = {}): string {
  const template = mails[language][key] ?? mails['en-US'][key] ?? key;
  return fill(template, values);
}

const localeTexts = { 'en-US': enUS, hr } as const;

/**
 * A notification's sentence in `language`, for what reaches a player outside the app (a push, an e-mail);
 * worded as the app words it, context variant and `$t(...)` nesting included.
 */
export function notificationTextIn(
  language: Language,
  kind: string,
  values: Record<string, string | undefined>,
): string {
  const texts: Record<string, string> = localeTexts[language].notifications.kinds;
  const variant = values.context ? texts[`${kind}_${values.context}`] : undefined;
  const template = variant ?? texts[kind];
  if (template === undefined) return notificationText(kind, values);
  return fill(template, values).replace(/\$t\(([\w.-]+)\)/g, (whole, path: string) => {
    let at: unknown = localeTexts[language];
    for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
    return typeof at === 'string' ? at : whole;
  });
}
