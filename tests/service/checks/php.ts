/*
 * How the real service, a PHP application, turns page facts into JSON. The checks use
 * these so that their values have the same shapes, gaps and quirks.
 */

/** Any run of two or more ASCII spaces, or any tab or line break, becomes one space; the ends are trimmed. */
export function cleanText(text: string | null | undefined): string {
  return (text ?? '').replace(/[ \t\n\v\f\r]{2,}|[\t\n\v\f\r]/g, ' ').replace(/^[ \t\n\r\v\0]+|[ \t\n\r\v\0]+$/g, '');
}

/**
 * Lower-cased text split into words, empty places included: anything but a letter, a digit or
 * `_` is a space. Callers drop the empty places with `keptIndexes`, which keeps the positions.
 */
export function wordSlots(text: string | null): string[] {
  return (text ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]/gu, ' ')
    .split(' ');
}

/** A word PHP's array_filter keeps: neither '' nor '0'. */
export function isWord(word: string): boolean {
  return word !== '' && word !== '0';
}

/**
 * The items `keep` accepts, at their original positions. PHP sends such an array as a JSON list
 * only when the positions run 0, 1, 2…; with gaps it is an object keyed by position.
 */
export function keptIndexes<T>(items: readonly T[], keep: (item: T) => boolean): T[] | Record<string, T> {
  const kept = items.flatMap((item, index): [number, T][] => (keep(item) ? [[index, item]] : []));
  if (kept.every(([index], position) => index === position)) return kept.map(([, item]) => item);
  return Object.fromEntries(kept.map(([index, item]) => [String(index), item]));
}

/** Values of a list-or-object from `keptIndexes`. */
export function valuesOf<T>(items: T[] | Record<string, T>): T[] {
  return Array.isArray(items) ? items : Object.values(items);
}

/** A map, or `[]` when it is empty: PHP cannot tell an empty map from an empty list. */
export function mapOrList<T>(map: Record<string, T>): Record<string, T> | [] {
  return Object.keys(map).length === 0 ? [] : map;
}

/** Adds `item` to the list under `key`, creating it, as PHP's `$map[$key][] = $item` does. */
export function push<T>(map: Record<string, T[]>, key: string, item: T): void {
  (map[key] ??= []).push(item);
}

/**
 * The service's own address resolution: absolute http(s) addresses and mailto/tel/data links
 * stay as written, the fragment goes, and anything else is put on the site's root (a relative
 * `img/a.png` on `/blog/post` becomes `/img/a.png`, unlike in a browser). The port is kept,
 * which the service drops: local pages live on ports.
 */
export function resolveUrl(href: string, page: URL): string {
  let url = href.replace(/\\([?&#~;])/g, '$1');
  if (url.includes('#')) url = url.slice(0, url.indexOf('#'));
  if (url.startsWith('http://') || url.startsWith('https://')) return url;
  if (url.startsWith('//')) return `${page.protocol}//${url.replace(/^\/+|\/+$/g, '')}`;
  if (/^(data:image|tel|mailto)/.test(url)) return url;
  return `${page.origin}/${url.replace(/^\/+/, '')}`;
}

/** The host of an address, '' when it has none (mailto:, tel:) or does not parse. */
export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname : '';
}

/** Internal when the link's host starts with the page's host: `blog.example.com` is internal to `blog.example`. */
export function isInternal(url: string, page: URL): boolean {
  const host = hostOf(url);
  return host !== '' && host.startsWith(page.hostname);
}

/** Every value of a response header, one per header line, in the order received. */
export function headerValues(rawHeaders: readonly string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === name) values.push(rawHeaders[i + 1] ?? '');
  }
  return values;
}

/** PHP's round(): halves away from zero. */
export function phpRound(n: number): number {
  return Math.sign(n) * Math.round(Math.abs(n));
}

/** Length in code points, as mb_strlen counts. */
export function mbLength(text: string): number {
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}
