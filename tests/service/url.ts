/**
 * How the service names an address: scheme and `www.` dropped, no trailing slash on a
 * bare host, fragment dropped (it never reaches the server). The port stays in `url`
 * (`127.0.0.1:8080/page`), because two local servers on different ports are different
 * sites; the project is the host name alone, port left out.
 */
export function stripUrl(href: string): string {
  const url = new URL(href);
  const host = withoutWww(url.host);
  const rest = url.pathname === '/' && url.search === '' ? '' : url.pathname + url.search;
  return host + rest;
}

export function projectOf(href: string): string {
  return withoutWww(new URL(href).hostname);
}

/** True for an absolute http(s) address with a host, the only kind the service audits. */
export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

function withoutWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}
