import { checkReportable, pageKey } from '@/lib/shared/page-address';
import { t } from '@/lib/shared/i18n';

/**
 * Addresses pasted one a line (the options page's list) or the tabs of a
 * window: which can be reported, and which are left out and why. One report
 * per page as the service stores it, so `https://x/p` and `http://www.x/p/`
 * are one.
 */

/** The most addresses one pasted list reports (the `startCreateRun` message takes no more). */
export const ADDRESS_LIST_MAX = 5_000;

export interface ListLine {
  /** 1-based, as the user counts lines. */
  line: number;
  text: string;
}

export interface ParsedList {
  urls: string[];
  invalid: (ListLine & { reason: string })[];
  /** `sameAs`: the line of the first mention of the page. */
  duplicates: (ListLine & { sameAs: number })[];
  /** More than `max` addresses: reading stopped at the first one past it, which `urls` holds. */
  tooMany: boolean;
}

/** A line as an address: a missing scheme means https; a host needs a dot (or is localhost). */
function readLine(text: string): { ok: true; url: string } | { ok: false; reason: string } {
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  const reportable = checkReportable(withScheme);
  if (!reportable.ok) return { ok: false, reason: /^https?:/i.test(withScheme) ? t('alNotAddress') : reportable.reason };
  const host = new URL(reportable.url).hostname;
  if (!host.includes('.') && host !== 'localhost' && !host.startsWith('[')) return { ok: false, reason: t('alNotAddress') };
  return { ok: true, url: reportable.url };
}

/** Reads the lines until more than `max` addresses are found: a list that long is refused whole, so the rest need not be read. */
export function parseAddressList(text: string, max = ADDRESS_LIST_MAX): ParsedList {
  const parsed: ParsedList = { urls: [], invalid: [], duplicates: [], tooMany: false };
  const firstLine = new Map<string, number>();
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    const read = readLine(trimmed);
    if (!read.ok) {
      parsed.invalid.push({ line, text: trimmed, reason: read.reason });
      continue;
    }
    const key = pageKey(read.url);
    const first = firstLine.get(key);
    if (first !== undefined) {
      parsed.duplicates.push({ line, text: trimmed, sameAs: first });
      continue;
    }
    firstLine.set(key, line);
    parsed.urls.push(read.url);
    if (parsed.urls.length > max) {
      parsed.tooMany = true;
      break;
    }
  }
  return parsed;
}
