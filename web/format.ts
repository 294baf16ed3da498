// Numbers as the current language writes them. Pure (the language is passed in), so node can test it.

/**
 * A whole percentage (0-100) in `language`'s own style: "42%" in English, "42 %" in Croatian. The one
 * formatter for every percentage on screen, so the play screen and the games table always agree.
 */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    percent / 100,
  );
}
