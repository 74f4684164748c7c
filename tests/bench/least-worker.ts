/**
 * The least worker that answers `getSettings` as ours must: zod set up as the background sets it up (lib/zod.ts), local
 * storage closed to page worlds, then the browser calls `getSettings` makes (the managed area, local and session
 * storage, the permission), what they read checked with a zod schema, and the answer. No other code of ours: how far
 * the worker's start could go down while it still validates what it reads with zod. Bundled by worker-bench.ts.
 */
import { browser } from 'wxt/browser';
import { z } from '@/lib/zod';

const items = z.record(z.string(), z.unknown());

void browser.storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
browser.runtime.onMessage.addListener((_message, _sender, reply: (answer: unknown) => void) => {
  void (async () => {
    await browser.storage.managed.get(null).catch(() => ({}));
    const [local, session] = await Promise.all([browser.storage.local.get(null), browser.storage.session.get(null)]);
    items.parse(local);
    items.parse(session);
    const permissionGranted = await browser.permissions.contains({ origins: ['http://127.0.0.1/*'] });
    reply({ ok: true, value: { permissionGranted } });
  })();
  return true;
});
