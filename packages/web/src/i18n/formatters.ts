import type { i18n } from 'i18next';

/**
 * Hungarian's definite article before a number as it is read: "az" before egy and öt (1, 5, 50–59, 500–599,
 * 1 000–1 999 read "ezer…", 5 000…), "a" before every other reading (a 7, a 10, a 100).
 */
export function hungarianArticle(count: number): 'a' | 'az' {
  let lead = Math.trunc(Math.abs(count));
  while (lead >= 1000) {
    lead = Math.trunc(lead / 1000);
  }
  return lead === 1 || String(lead).startsWith('5') ? 'az' : 'a';
}

/**
 * The texts' own formats: `{{count, article}}` is the number with its article in Hungarian ("az 5", "a 7")
 * and the number alone elsewhere, so a sentence never falls back to "a(z)".
 */
export function addFormatters(instance: i18n): void {
  instance.services.formatter?.add('article', (value, lng) =>
    lng?.startsWith('hu') ? `${hungarianArticle(Number(value))} ${value}` : String(value),
  );
}
