import { readCappedBody, readCappedBytes } from '@/lib/api/capped-body';
import { TEXT_MAX_BYTES } from '@/lib/shared/text-cap';
import { checkReportable, pageKey } from '@/lib/shared/page-address';
import { sitemapsInRobots } from '@/lib/background/sitemap/robots-sitemaps';
import { readSitemapXml, type SitemapXmlProblem } from '@/lib/background/sitemap/sitemap-xml';
import type { SitemapNote } from '@/lib/protocol';

/**
 * A site's addresses from its sitemaps: the `Sitemap:` lines of its robots.txt, else
 * `/sitemap.xml`, indexes followed two levels down, gzip files unpacked. A hostile site is
 * bounded in bytes per file (packed and unpacked), files, depth, addresses and time; each
 * bound reached, and each file that could not be read, is a note the planner words.
 */

export interface SitemapLimits {
  /** Addresses kept in all (sitemaps.org allows 50,000 a file). */
  maxAddresses: number;
  /** Sitemap files read in all, indexes among them. */
  maxFiles: number;
  /** How many index levels are followed below the first files. */
  maxDepth: number;
  /** Bytes read of one file, before and after unpacking. */
  maxBytes: number;
  /** All the reading, robots.txt included. */
  maxMs: number;
  /** One file. */
  fileMs: number;
}

export const SITEMAP_LIMITS: SitemapLimits = {
  maxAddresses: 50_000,
  maxFiles: 50,
  maxDepth: 2,
  maxBytes: TEXT_MAX_BYTES,
  maxMs: 60_000,
  fileMs: 20_000,
};

export interface SitemapReading {
  /** The site's own reportable addresses, one per page, in the sitemaps' order. */
  addresses: string[];
  /** Addresses (and sitemaps) on other sites, left out. */
  otherSites: number;
  /** Sitemap files read. */
  files: number;
  notes: SitemapNote[];
}

type FileText = { text: string } | { note: SitemapNote };

/** A file's text: gzip (told by its first bytes, whatever its name or type says) unpacked, under the same cap. */
async function fetchText(url: string, limits: SitemapLimits, overall: AbortSignal): Promise<FileText> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', cache: 'no-store', signal: AbortSignal.any([overall, AbortSignal.timeout(limits.fileMs)]) });
  } catch {
    return { note: { kind: overall.aborted ? 'too-slow' : 'unreachable', url } };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { note: { kind: 'status', url, status: response.status } };
  }
  try {
    const got = await readCappedBytes(response, limits.maxBytes);
    if (!('bytes' in got)) return { note: { kind: 'too-large', url } };
    const { bytes } = got;
    const packed = bytes[0] === 0x1f && bytes[1] === 0x8b;
    const body = packed ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')) : new Blob([bytes]).stream();
    const read = await readCappedBody(new Response(body), limits.maxBytes);
    return 'text' in read ? read : { note: { kind: 'too-large', url } };
  } catch {
    return { note: { kind: overall.aborted ? 'too-slow' : 'unreadable', url } };
  }
}

const PROBLEM_NOTES: Record<SitemapXmlProblem, SitemapNote['kind']> = {
  declaration: 'declaration',
  entity: 'declaration',
  'not-sitemap': 'not-sitemap',
};

/** Reads the sitemaps of `origin` (`https://example.com`) within `limits`. Needs the host permission for it. */
export async function readSitemaps(origin: string, limits: SitemapLimits = SITEMAP_LIMITS): Promise<SitemapReading> {
  const overall = AbortSignal.timeout(limits.maxMs);
  const notes: SitemapNote[] = [];
  const note = (n: SitemapNote) => {
    if (!notes.some((o) => o.kind === n.kind && o.url === n.url)) notes.push(n);
  };
  const seenPages = new Set<string>();
  const addresses: string[] = [];
  let otherSites = 0;
  let files = 0;

  const robots = await fetchText(`${origin}/robots.txt`, limits, overall);
  const named = 'text' in robots ? sitemapsInRobots(robots.text, origin, limits.maxFiles) : [];
  const queue = (named.length > 0 ? named : [`${origin}/sitemap.xml`]).map((url) => ({ url, depth: 0 }));
  const seenFiles = new Set<string>();

  while (queue.length > 0) {
    const { url, depth } = queue.shift()!;
    if (seenFiles.has(url)) continue;
    seenFiles.add(url);
    if (new URL(url).origin !== origin) {
      otherSites++;
      continue;
    }
    if (overall.aborted) {
      note({ kind: 'too-slow' });
      break;
    }
    if (files >= limits.maxFiles) {
      note({ kind: 'too-many-files' });
      break;
    }
    files++;
    const file = await fetchText(url, limits, overall);
    if ('note' in file) {
      // No robots.txt line and no /sitemap.xml: the site has no sitemap to read.
      const missing = named.length === 0 && file.note.kind === 'status' && file.note.status === 404;
      note(missing ? { kind: 'none' } : file.note);
      continue;
    }
    const room = limits.maxAddresses - addresses.length;
    const xml = readSitemapXml(file.text, Math.max(room, limits.maxFiles));
    if (!xml.ok) {
      note({ kind: PROBLEM_NOTES[xml.problem], url });
      continue;
    }
    if (xml.kind === 'index') {
      if (depth >= limits.maxDepth) {
        note({ kind: 'too-deep', url });
        continue;
      }
      for (const loc of xml.locs) {
        const child = absolute(loc, url);
        if (child !== null) queue.push({ url: child, depth: depth + 1 });
      }
      if (xml.more) note({ kind: 'too-many-files' });
      continue;
    }
    for (const loc of xml.locs) {
      const address = absolute(loc, url);
      const reportable = address === null ? null : checkReportable(address);
      if (!reportable?.ok || reportable.url.length > 2048) continue;
      if (new URL(reportable.url).origin !== origin) {
        otherSites++;
        continue;
      }
      const key = pageKey(reportable.url);
      if (seenPages.has(key)) continue;
      if (addresses.length >= limits.maxAddresses) {
        note({ kind: 'too-many-addresses' });
        break;
      }
      seenPages.add(key);
      addresses.push(reportable.url);
    }
    if (xml.more) note({ kind: 'too-many-addresses' });
  }
  return { addresses, otherSites, files, notes };
}

/** A `<loc>` as an absolute address, or null. */
function absolute(loc: string, base: string): string | null {
  try {
    return new URL(loc, base).href;
  } catch {
    return null;
  }
}
