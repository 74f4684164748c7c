/** The `Sitemap:` lines of a robots.txt: where a site says its sitemaps are. Pure. */

/** The sitemaps a robots.txt names (`Sitemap:` lines, any case), as absolute addresses; at most `max`. */
export function sitemapsInRobots(text: string, base: string, max: number): string[] {
  const found: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (!match) continue;
    try {
      const url = new URL(match[1]!, base);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !found.includes(url.href)) found.push(url.href);
    } catch {
      continue;
    }
    if (found.length >= max) break;
  }
  return found;
}
