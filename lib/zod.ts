import { config, locales } from 'zod/mini';

/**
 * zod as the background uses it: the tree-shakable `zod/mini` API, set up here, before any schema
 * is built or run. English messages in parse failures: the words `zod` gives by itself and
 * `zod/mini` leaves out. `jitless`: no parser compiled with `new Function`, as the extension never
 * evaluates code (see wxt.config.ts); `zod/mini` compiles none, and this keeps it so for any other.
 */
config({ jitless: true, ...locales.en() });

export * as z from 'zod/mini';

/**
 * A schema built when it is first used, standing in for it (read, parsed, nested, typed) until then. The background
 * declares its schemas with it: the worker's start then builds only what its first message needs, where building
 * every schema of the protocol, the API and storage was most of what evaluating its code cost.
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = () => (built ??= build());
  return new Proxy(Object.create(null) as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
