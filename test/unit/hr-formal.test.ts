import { describe, expect, it } from 'vitest';
import hr from '../../locales/hr.json';

// The app speaks Croatian in one register, the formal one (second person plural: "Igrajte", "Zadržite",
// "vaš", "Prijavite se"). A string in the informal register ("Igraj", "tvoj", "Prijavi se") beside them
// reads as careless, so the informal imperatives and pronouns a translator reaches for are refused here.

/** Informal imperatives as a button or a sentence starts with them (their 3rd person forms differ or never start one). */
const IMPERATIVES = [
  'Igraj',
  'Baci',
  'Upiši',
  'Najavi',
  'Zadrži',
  'Odaberi',
  'Izaberi',
  'Klikni',
  'Pritisni',
  'Pokušaj',
  'Unesi',
  'Prijavi se',
  'Registriraj se',
  'Odjavi se',
  'Podijeli',
  'Pošalji',
  'Spremi',
  'Promijeni',
  'Otvori',
  'Zatvori',
  'Izbriši',
  'Obriši',
  'Ukloni',
  'Prikaži',
  'Sakrij',
  'Odustani',
  'Nastavi',
  'Poništi',
  'Preskoči',
  'Pretraži',
  'Osvježi',
  'Prihvati',
  'Odbij',
  'Pozovi',
  'Predaj',
  'Stvori',
  'Idi',
  'Kopiraj',
  'Dodaj',
  'Potvrdi',
  'Provjeri',
  'Pričekaj',
];

/** Informal words in any position: imperatives that are nothing else, "your" (ti), and 2nd person singular verbs. */
const ANYWHERE = [
  'igraj',
  'klikni',
  'odaberi',
  'izaberi',
  'unesi',
  'upiši',
  'pritisni',
  'pričekaj',
  'tvoj',
  'tvoja',
  'tvoje',
  'tvoji',
  'tvoju',
  'tvojeg',
  'tvojem',
  'tvojim',
  'tvojih',
  'tebi',
  'tebe',
  'imaš',
  'možeš',
  'želiš',
  'moraš',
  'trebaš',
  'igraš',
  'jesi',
  'nisi',
];

/** `word` on its own (letters on neither side, č ć š ž đ counted as letters). */
const whole = (word: string, flags = 'u') => new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, flags);

function valuesOf(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    value !== null && typeof value === 'object'
      ? valuesOf(value as object, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)]],
  );
}

describe('Croatian', () => {
  const values = valuesOf(hr);

  it('has strings to check', () => {
    expect(values.length).toBeGreaterThan(500);
  });

  it('addresses the player formally: no informal imperative', () => {
    const found = values.flatMap(([key, value]) =>
      IMPERATIVES.filter((word) => whole(word).test(value)).map((word) => `${key}: ${word} (${value})`),
    );
    expect(found).toEqual([]);
  });

  it('uses no informal pronoun or verb form anywhere in a sentence', () => {
    const found = values.flatMap(([key, value]) =>
      ANYWHERE.filter((word) => whole(word, 'iu').test(value)).map((word) => `${key}: ${word} (${value})`),
    );
    expect(found).toEqual([]);
  });

  it('catches the informal forms it is meant to catch', () => {
    expect(whole('Igraj').test('Igraj sa mnom')).toBe(true);
    expect(whole('Igraj').test('Igrajte sa mnom')).toBe(false);
    expect(whole('tvoj', 'iu').test('Ovo je tvoj rezultat')).toBe(true);
    expect(whole('tvoj', 'iu').test('Ovo je tvojih pet bodova')).toBe(false);
    expect(whole('Prijavi se').test('Prijavite se')).toBe(false);
    expect(whole('Zadrži').test('Zadržite kockice')).toBe(false);
  });
});
