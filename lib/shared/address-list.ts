import { checkReportable, pageKey } from '@/lib/shared/page-address';
import { t } from '@/lib/shared/i18n';

/**
 * Addresses pasted one a line (the options page's list) or the tabs of a
 * window: which can be reported, and which are left out and why. One report
 * per page as the service stores it, so `https://x/p` and `http://www.x/p/`
 * are one.
 */

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

export function parseAddressList(text: string): ParsedList {
  const parsed: ParsedList = { urls: [], invalid: [], duplicates: [] };
  const firstLine = new Map<string, number>();
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') return;
    const read = readLine(trimmed);
    if (!read.ok) {
      parsed.invalid.push({ line, text: trimmed, reason: read.reason });
      return;
    }
    const key = pageKey(read.url);
    const first = firstLine.get(key);
    if (first !== undefined) {
      parsed.duplicates.push({ line, text: trimmed, sameAs: first });
      return;
    }
    firstLine.set(key, line);
    parsed.urls.push(read.url);
  });
  return parsed;
}
