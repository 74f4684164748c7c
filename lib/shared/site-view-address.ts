/**
 * The address of the extension's site view, `site.html?project=example.com`, built by whoever
 * opens it (the popup, the reports manager, the report view); the view reads it with
 * lib/site/site-view-project.ts.
 */

export const SITE_VIEW_PAGE = '/site.html';

/** Path and query within the extension, e.g. `/site.html?project=example.com`; `service`: the site's service when it is not the default. */
export function siteViewPath(project: string, service?: string): string {
  return `${SITE_VIEW_PAGE}?${new URLSearchParams(service ? { project, service } : { project })}`;
}
