import enUS from '../../locales/en-US.json';
import hr from '../../locales/hr.json';

export type Language = 'en-US' | 'hr';

const messages: Record<Language, Record<string, string>> = { 'en-US': enUS.errors, hr: hr.errors };

/** Croatian when the client's first acceptable language is Croatian, English otherwise. */
export function pickLanguage(acceptLanguage: string | undefined | null): Language {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('hr') ? 'hr' : 'en-US';
}

export function errorMessage(language: Language, key: string): string {
  return messages[language][key] ?? messages['en-US'][key] ?? messages[language].internal;
}
