// Numbers as the current language writes them. Pure (the language is passed in), so node can test it.

/**
 * A whole percentage (0-100) in `language`'s own style: "42%" in English, "42 %" (a no-break space) in
 * Croatian. The one formatter for every percentage on screen, so the play screen and the games table always
 * agree. Written out for the two languages rather than with Intl.NumberFormat: a page's first NumberFormat
 * loads the number data and costs 15-70 ms in Chromium, and the play screen's progress is on the way to a
 * first visit's first roll (bench/first-visit.mjs). test/unit/format.test.ts holds it to Intl's output.
 */
export function formatPercent(percent: number, language: string): string {
  const whole = Math.round(percent);
  return language.toLowerCase().startsWith('hr') ? `${whole}\u00a0%` : `${whole}%`;
}
