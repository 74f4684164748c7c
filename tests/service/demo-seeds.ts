import type { SeedReport } from './server.ts';

const SITES = ['https://www.example.com', 'https://blog.example.org', 'http://shop.example.net', 'https://docs.example.io'];
const PATHS = ['/', '/pricing', '/about', '/blog/first-post', '/contact', '/search?q=audit', '/features', '/blog/page-2'];
const HOUR = 3600 * 1000;

/** `count` varied demo reports over four sites, spread over the past hours, newest last. */
export function demoSeeds(count: number, now = Date.now()): SeedReport[] {
  return Array.from({ length: count }, (_, i) => {
    const site = SITES[i % SITES.length] ?? SITES[0];
    const path = PATHS[Math.floor(i / SITES.length) % PATHS.length] ?? '/';
    const round = Math.floor(i / (SITES.length * PATHS.length));
    const privacy = i % 11 === 10 ? 2 : i % 7 === 6 ? 1 : 0;
    return {
      url: `${site}${path}${round > 0 ? `${path.includes('?') ? '&' : '?'}v=${round}` : ''}`,
      score: (i * 37 + 23) % 101,
      privacy,
      ...(privacy === 2 ? { password: 'demo' } : {}),
      generatedAt: new Date(now - (count - i) * HOUR).toISOString(),
    };
  });
}
