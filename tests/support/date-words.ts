/**
 * The catalogue's words for dates, as ICU writes them: relative dates ("3 days ago", "yesterday") and the exact
 * date and time ("Jan 27, 2022, 8:05 PM"). Each catalogue holds these words as texts of its own (keys `date…`),
 * so a page draws its dates from the catalogue it reads anyway, without building an Intl formatter: the first
 * one a new page process builds costs it 30–40 ms. The unit tests hold every catalogue to what this derives
 * from the ICU of the Node running them (tests/unit/locales/date-words.test.ts), which also writes the words
 * of a new catalogue.
 */
import { pathToFileURL } from 'node:url';
import type { PluralForms } from '../../lib/locales/catalogue.ts';
import { NAMED_OFFSETS, RELATIVE_KEYS, RELATIVE_UNITS, type RelativeUnit } from '../../lib/shared/date-keys.ts';

/** Intl's locale for a catalogue's language tag, with Western digits as the pages format in (lib/shared/i18n.ts). */
function intlLocaleOf(langTag: string): string {
  return `${langTag}-u-nu-latn`;
}

/** A relative date's words with the number as `{count}`: Intl's parts, the number's own parts replaced. */
function countedWords(format: Intl.RelativeTimeFormat, value: number, unit: RelativeUnit): string {
  let text = '';
  let counted = false;
  for (const part of format.formatToParts(value, unit)) {
    if (part.type === 'literal') text += part.value;
    else if (!counted) {
      text += '{count}';
      counted = true;
    }
  }
  return text;
}

/** The least whole number of each plural category, up to a million (Spanish, French and Portuguese "many"). */
function samples(rules: Intl.PluralRules): Map<Intl.LDMLPluralRule, number> {
  const found = new Map<Intl.LDMLPluralRule, number>();
  for (const n of [...Array.from({ length: 200 }, (_, i) => i), 1_000_000]) {
    const category = rules.select(n);
    if (!found.has(category)) found.set(category, n);
  }
  return found;
}

/** The `date…` texts of one catalogue, as the ICU of this Node writes them. */
export function dateWordsFromIcu(langTag: string): Record<string, string | PluralForms> {
  const locale = intlLocaleOf(langTag);
  const counted = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const named = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const categories = samples(new Intl.PluralRules(locale));
  const words: Record<string, string | PluralForms> = {};
  for (const [unit] of RELATIVE_UNITS) {
    for (const [direction, sign] of [
      ['ago', -1],
      ['in', 1],
    ] as const) {
      const forms: Record<string, string> = {};
      for (const [category, n] of categories) forms[category] = countedWords(counted, sign * n, unit);
      words[RELATIVE_KEYS[unit][direction]] = forms as PluralForms;
    }
  }
  // A language that names no such day counts it: `numeric: 'auto'` writes "2 days ago" then.
  for (const [unit, offsets] of Object.entries(NAMED_OFFSETS) as [RelativeUnit, Record<number, string>][]) {
    for (const [value, key] of Object.entries(offsets)) words[key] = named.format(Number(value), unit);
  }
  // The month as the exact date writes it, or its short name where that date writes a number.
  const inDate = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const shortName = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  words.dateMonths = Array.from({ length: 12 }, (_, month) => {
    const day = Date.UTC(2026, month, 5);
    const written = inDate.formatToParts(day).find((p) => p.type === 'month')!.value;
    return /^\d+$/.test(written) ? shortName.format(day) : written;
  }).join('|');
  const exact = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const periodOf = (hour: number) => exact.formatToParts(Date.UTC(2026, 0, 5, hour, 5)).find((p) => p.type === 'dayPeriod')?.value;
  words.dateDayPeriods = [periodOf(9) ?? 'AM', periodOf(21) ?? 'PM'].join('|');
  // 5 January, 00:05 and 09:05: one digit where a field can have one, and the hour a 12-hour clock writes as 12.
  const early = exact.formatToParts(Date.UTC(2026, 0, 5, 9, 5));
  const midnight = exact.formatToParts(Date.UTC(2026, 0, 5, 0, 5));
  const twelveHours = midnight.find((p) => p.type === 'hour')!.value === '12';
  words.dateExact = early
    .map((part) => {
      switch (part.type) {
        case 'literal':
          return part.value;
        case 'day':
          return part.value.length === 2 ? '{day2}' : '{day}';
        case 'month':
          if (!/^\d+$/.test(part.value)) return '{month}';
          if (part.value.length === 2) return '{month2}';
          break;
        case 'year':
          return '{year}';
        case 'hour':
          if (!twelveHours) return part.value.length === 2 ? '{hour2}' : '{hour}';
          if (part.value.length === 1) return '{hour12}';
          break;
        case 'minute':
          return '{minute}';
        case 'dayPeriod':
          return '{dayPeriod}';
      }
      throw new Error(`date-words: ${langTag} writes its exact date's ${part.type} as "${part.value}", which the pages cannot write`);
    })
    .join('')
    // V8's `format()` writes a plain space where ICU's parts have a narrow one (before "PM"): the pages match `format()`.
    .replaceAll('\u202f', ' ');
  return words;
}

// `npx tsx tests/support/date-words.ts fr`: a language's words, to paste into a new catalogue.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(dateWordsFromIcu(process.argv[2] ?? 'en'));
}
