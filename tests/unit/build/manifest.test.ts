import { describe, expect, it } from 'vitest';
import { LOOPBACK_HOSTS } from '@/lib/api/service-address';
import config from '../../../wxt.config';

/** What the extension asks the browser for, read from the same function WXT builds the manifest with. */
type Manifest = Record<string, unknown> & { optional_host_permissions?: string[] };
const manifestFor = (browser: 'chrome' | 'firefox', mode: 'production' | 'development' = 'production') => {
  const make = config.manifest as (env: { browser: string; mode: string; manifestVersion: number; command: string }) => Manifest;
  return make({ browser, mode, manifestVersion: 3, command: 'build' });
};

describe('the manifest', () => {
  it.each(['chrome', 'firefox'] as const)('%s: no host at install; plain http only for the loopback hosts the address check accepts', (browser) => {
    const manifest = manifestFor(browser);
    expect(manifest.host_permissions).toBeUndefined();
    const http = (manifest.optional_host_permissions ?? []).filter((pattern) => pattern.startsWith('http://'));
    expect(http).toEqual(LOOPBACK_HOSTS.map((host) => `http://${host}/*`));
    expect(manifest.optional_host_permissions).toContain('https://*/*');
  });

  it('tells Firefox that nothing is collected for the developer or anyone else: the badge sends addresses only to the user’s own service', () => {
    const gecko = (manifestFor('firefox').browser_specific_settings as { gecko: { data_collection_permissions: unknown } }).gecko;
    expect(gecko.data_collection_permissions).toEqual({ required: ['none'] });
  });
});
