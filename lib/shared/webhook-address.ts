/**
 * The webhook addresses the extension sends watches' alerts to: https anywhere, or http on this
 * machine only; never with a user name or password in them. Checked by the options page before it
 * asks for the origin's permission, and by the background before each send.
 */
export function webhookAllowed(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return false;
    if (parsed.protocol === 'https:') return true;
    return parsed.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  } catch {
    return false;
  }
}
