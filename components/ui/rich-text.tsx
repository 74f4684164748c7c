import type { ComponentChildren } from 'preact';

/**
 * A catalogue text with elements where its placeholders are, for sentences that hold markup
 * ("The report of <strong>example.com</strong> will be deleted"): the translation decides where the
 * element goes. Ask for the text with each placeholder kept, `t('deleteText', { address: '{address}' })`.
 */
export function richText(text: string, parts: Record<string, ComponentChildren>): ComponentChildren[] {
  return text.split(/\{(\w+)\}/).map((piece, i) => (i % 2 === 1 ? (parts[piece] ?? `{${piece}}`) : piece));
}
