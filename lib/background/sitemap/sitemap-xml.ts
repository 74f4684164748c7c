/**
 * A small reader of sitemap XML (sitemaps.org) for the service worker, which has no DOMParser:
 * the `<loc>` of each `<url>` of a `<urlset>`, or of each `<sitemap>` of a `<sitemapindex>`.
 * It knows CDATA, comments, the five XML entities and numeric character references, and
 * refuses any DOCTYPE or ENTITY declaration, so no entity can expand into more text than it
 * takes (the "billion laughs"). Pure: the caller caps the text's size.
 */

export type SitemapKind = 'urlset' | 'index';

export type SitemapXml =
  | { ok: true; kind: SitemapKind; locs: string[]; /** More `<loc>` than `maxLocs` were there: the rest were not read. */ more: boolean }
  | { ok: false; problem: SitemapXmlProblem };

/** `declaration`: a DOCTYPE or ENTITY; `entity`: a named entity XML does not define; `not-sitemap`: any other root, or broken markup. */
export type SitemapXmlProblem = 'declaration' | 'entity' | 'not-sitemap';

/** Far longer than any address the service takes (2,048): a longer `<loc>` is kept short and then refused by the caller. */
export const LOC_MAX_CHARS = 4_096;
/** Real sitemaps nest three elements deep; past this the markup is not a sitemap. */
const MAX_NESTING = 32;

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The text with its references replaced, or null when it names an entity XML does not define. */
export function decodeEntities(text: string): string | null {
  if (!text.includes('&')) return text;
  let unknown = false;
  const decoded = text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{0,31});?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) {
      unknown = true;
      return '';
    }
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (code > 0x10ffff || code === 0 || (code >= 0xd800 && code <= 0xdfff)) {
        unknown = true;
        return '';
      }
      return String.fromCodePoint(code);
    }
    const value = NAMED_ENTITIES[name];
    if (value === undefined) unknown = true;
    return value ?? '';
  });
  // A lone `&` is not well-formed XML either.
  return unknown || /&(?![#A-Za-z])/.test(text) ? null : decoded;
}

/** The element's name without its namespace prefix (`<sm:loc>` is `loc`). */
function localName(tag: string): string {
  const name = /^[^\s/>]+/.exec(tag)?.[0] ?? '';
  return name.slice(name.indexOf(':') + 1);
}

/** Reads the addresses of one sitemap file; at most `maxLocs` of them. */
export function readSitemapXml(text: string, maxLocs: number): SitemapXml {
  const stack: string[] = [];
  const locs: string[] = [];
  let kind: SitemapKind | null = null;
  let loc: string[] | null = null;
  let locChars = 0;
  let more = false;
  const keep = (part: string) => {
    if (loc === null || locChars > LOC_MAX_CHARS) return;
    loc.push(part.slice(0, LOC_MAX_CHARS + 1 - locChars));
    locChars += part.length;
  };

  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('<', i);
    const textEnd = open === -1 ? text.length : open;
    if (textEnd > i && loc !== null) {
      const decoded = decodeEntities(text.slice(i, textEnd));
      if (decoded === null) return { ok: false, problem: 'entity' };
      keep(decoded);
    }
    if (open === -1) break;
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end === -1) return { ok: false, problem: 'not-sitemap' };
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open + 9);
      if (end === -1) return { ok: false, problem: 'not-sitemap' };
      keep(text.slice(open + 9, end));
      i = end + 3;
    } else if (text.startsWith('<!', open)) {
      return { ok: false, problem: 'declaration' };
    } else if (text.startsWith('<?', open)) {
      const end = text.indexOf('?>', open + 2);
      if (end === -1) return { ok: false, problem: 'not-sitemap' };
      i = end + 2;
    } else {
      const end = text.indexOf('>', open + 1);
      if (end === -1) return { ok: false, problem: 'not-sitemap' };
      const tag = text.slice(open + 1, end);
      i = end + 1;
      if (tag.startsWith('/')) {
        const name = localName(tag.slice(1));
        if (stack.pop() !== name) return { ok: false, problem: 'not-sitemap' };
        if (name === 'loc' && loc !== null) {
          const address = loc.join('').trim();
          loc = null;
          if (address === '') continue;
          if (locs.length < maxLocs) locs.push(address);
          else more = true;
        }
        continue;
      }
      const name = localName(tag);
      const selfClosing = tag.endsWith('/');
      if (stack.length === 0) {
        if (kind !== null) return { ok: false, problem: 'not-sitemap' };
        kind = name === 'urlset' ? 'urlset' : name === 'sitemapindex' ? 'index' : null;
        if (kind === null) return { ok: false, problem: 'not-sitemap' };
      }
      if (selfClosing) continue;
      const parent = stack[stack.length - 1];
      if (name === 'loc' && stack.length === 2 && parent === (kind === 'urlset' ? 'url' : 'sitemap')) {
        loc = [];
        locChars = 0;
      }
      stack.push(name);
      if (stack.length > MAX_NESTING) return { ok: false, problem: 'not-sitemap' };
    }
  }
  if (kind === null || stack.length > 0) return { ok: false, problem: 'not-sitemap' };
  return { ok: true, kind, locs, more };
}
