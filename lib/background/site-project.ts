/** The project a page address belongs to, as the service groups reports: its host without `www.`. */

/** `https://www.example.com/blog` → `example.com`; null for an address without a host. */
export function projectOfAddress(address: string): string | null {
  const host = address
    .replace(/^[a-z][a-z\d+.-]*:\/\//i, '')
    .split(/[/?#]/)[0]!
    .replace(/^[^@]*@/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./i, '')
    .toLowerCase();
  return host !== '' && host.length <= 255 ? host : null;
}
