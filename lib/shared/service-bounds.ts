/** The bounds of the named services a user connects to (lib/storage.ts keeps them). */

/** The most services kept: an agency's own and a few clients'. */
export const SERVICES_MAX = 10;
/** The longest name a service may carry. */
export const SERVICE_NAME_MAX = 60;
/** The longest id: ids are UUIDs. */
export const SERVICE_ID_MAX = 64;

/** Whether `id` may stand in a page's address as its service: an id's length and characters only. */
export function serviceParam(id: string | null | undefined): id is string {
  return typeof id === 'string' && id.length <= SERVICE_ID_MAX && /^[\w-]+$/.test(id);
}

/** The service a page's own address names (`report.html?id=12&service=…`, `sidepanel.html?service=…`), or undefined: the default. */
export function serviceInAddress(search: string): string | undefined {
  const service = new URLSearchParams(search).get('service');
  return serviceParam(service) ? service : undefined;
}

/** A new service's name when none is typed: the host of its address. */
export function serviceNameOf(baseUrl: string): string {
  return new URL(baseUrl).host.slice(0, SERVICE_NAME_MAX);
}
