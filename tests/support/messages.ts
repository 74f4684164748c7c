/**
 * `i18n.getMessage` as the browser answers it from a catalogue's `_locales/<locale>/messages.json`: `$$` is a
 * dollar sign, an unknown key the empty string. The unit tests' fake browser and the end-to-end tests' own
 * Node code (which words expectations with lib/shared) read the English catalogue through it.
 */
import type { PluralForms } from '../../lib/locales/catalogue.ts';
import { toMessagesJson } from '../../lib/locales/catalogue.ts';

export function messageReader(catalogue: Record<string, string | PluralForms>): (key: string) => string {
  const messages = toMessagesJson(catalogue);
  return (key) => messages[key]?.message.replaceAll('$$', '$') ?? '';
}
