import { browser } from 'wxt/browser';

/** The origin of a web address (`https://example.com`), or null for anything but http and https. */
export function siteOriginOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The planner's page for the site of `address`. */
export function sitemapPlannerUrl(origin: string): string {
  return browser.runtime.getURL(`/plan.html?origin=${encodeURIComponent(origin)}`);
}
