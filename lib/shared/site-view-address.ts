/**
 * The address of the extension's site view, `site.html?project=example.com`, built by whoever
 * opens it (the popup, the reports manager, the report view) and read by the view itself; and the
 * project a page address belongs to, as the service groups reports: its host without `www.`.
 */

export const SITE_VIEW_PAGE = '/site.html';
const MAX_PROJECT = 255;

/** Path and query within the extension, e.g. `/site.html?project=example.com`. */
export function siteViewPath(project: string): string {
  return `${SITE_VIEW_PAGE}?${new URLSearchParams({ project })}`;
}

/** The project named by the view's own query string, or null when it names none. */
export function readSiteViewProject(search: string): string | null {
  const project = new URLSearchParams(search).get('project')?.trim() ?? '';
  return project !== '' && project.length <= MAX_PROJECT ? project : null;
}

/** `https://www.example.com/blog` → `example.com`; null for an address without a host. */
export function projectOfAddress(address: string): string | null {
  const host = address
    .replace(/^[a-z][a-z\d+.-]*:\/\//i, '')
    .split(/[/?#]/)[0]!
    .replace(/^[^@]*@/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./i, '')
    .toLowerCase();
  return host !== '' && host.length <= MAX_PROJECT ? host : null;
}
