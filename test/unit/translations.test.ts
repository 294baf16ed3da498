import i18next, { type i18n as I18n } from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageSwitcher, type Translation } from '../../web/translations';

// The first load carries English only; Croatian is fetched when it is chosen (web/i18n.ts switchLanguage).

const english: Translation = { nav: { play: 'Play' } };
const croatian: Translation = { nav: { play: 'Igraj' } };

/** A loader that resolves when the test says so, and counts its calls. */
function deferred(strings: Translation) {
  let release: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const loader = {
    calls: 0,
    load: () => {
      loader.calls++;
      return new Promise<Translation>((resolve, reject) => {
        release = () => resolve(strings);
        fail = reject;
      });
    },
    release: () => release(),
    fail: (error: Error) => fail(error),
  };
  return loader;
}

let i18n: I18n;

beforeEach(async () => {
  i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'en-US': { translation: english } },
    lng: 'en-US',
    fallbackLng: 'en-US',
    supportedLngs: ['en-US', 'hr'],
    interpolation: { escapeValue: false },
  });
});

describe('choosing a language', () => {
  it('fetches its strings only when it is chosen, then speaks it', async () => {
    const hr = deferred(croatian);
    const switchLanguage = languageSwitcher(i18n, {
      'en-US': () => Promise.resolve(english),
      hr: hr.load,
    });
    expect(hr.calls).toBe(0);
    expect(i18n.hasResourceBundle('hr', 'translation')).toBe(false);

    const switching = switchLanguage('hr');
    expect(hr.calls).toBe(1);
    expect(i18n.t('nav.play')).toBe('Play');
    hr.release();
    await switching;
    expect(i18n.language).toBe('hr');
    expect(i18n.t('nav.play')).toBe('Igraj');
  });

  it('fetches a language once however often it is chosen', async () => {
    const hr = deferred(croatian);
    const switchLanguage = languageSwitcher(i18n, { 'en-US': () => Promise.resolve(english), hr: hr.load });
    const first = switchLanguage('hr');
    const second = switchLanguage('hr');
    hr.release();
    await Promise.all([first, second]);
    await switchLanguage('en-US');
    await switchLanguage('hr');
    expect(hr.calls).toBe(1);
    expect(i18n.t('nav.play')).toBe('Igraj');
  });

  it('keeps the last choice when an earlier one arrives after it', async () => {
    const hr = deferred(croatian);
    const switchLanguage = languageSwitcher(i18n, { 'en-US': () => Promise.resolve(english), hr: hr.load });
    const croatianChosen = switchLanguage('hr');
    await switchLanguage('en-US');
    hr.release();
    await croatianChosen;
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('nav.play')).toBe('Play');
    // The strings that arrived are kept: choosing Croatian again needs no fetch.
    await switchLanguage('hr');
    expect(hr.calls).toBe(1);
    expect(i18n.t('nav.play')).toBe('Igraj');
  });

  it('stays in the current language when the fetch fails, and tries again next time', async () => {
    const hr = deferred(croatian);
    const switchLanguage = languageSwitcher(i18n, { 'en-US': () => Promise.resolve(english), hr: hr.load });
    const failing = switchLanguage('hr');
    hr.fail(new Error('offline'));
    await expect(failing).rejects.toThrow('offline');
    expect(i18n.language).toBe('en-US');

    const retry = switchLanguage('hr');
    expect(hr.calls).toBe(2);
    hr.release();
    await retry;
    expect(i18n.t('nav.play')).toBe('Igraj');
  });
});
