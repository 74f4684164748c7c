import { config, locales } from 'zod/mini';

/**
 * zod as the background uses it: the tree-shakable `zod/mini` API, set up here, before any schema
 * is built or run. English messages in parse failures: the words `zod` gives by itself and
 * `zod/mini` leaves out. `jitless`: no parser compiled with `new Function`, as the extension never
 * evaluates code (see wxt.config.ts); `zod/mini` compiles none, and this keeps it so for any other.
 */
config({ jitless: true, ...locales.en() });

export * as z from 'zod/mini';
