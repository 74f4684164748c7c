import type { Finding, Item } from '@/lib/report/findings';
import { findingInShort } from '@/lib/report/markdown';
import { shortened } from '@/lib/report/service-text';

/**
 * A finding as plain lines of text, for what leaves the extension as text
 * (the HTML file, an issue's body, a CSV cell): its summary first, then at
 * most `maxItems` items, each cut to 300 characters.
 */
export function findingLines(finding: Finding, maxItems = 20): string[] {
  const lines: string[] = [];
  const summary = findingInShort(finding);
  if (summary) lines.push(summary);
  const items = itemsOf(finding).map((line) => shortened(line.replace(/\s+/g, ' ').trim(), 300));
  lines.push(...items.slice(0, maxItems));
  if (items.length > maxItems) lines.push('…');
  return lines;
}

const itemText = (item: Item) => (item.note ? `${item.text} (${item.note})` : item.text);

function itemsOf(finding: Finding): string[] {
  switch (finding.kind) {
    case 'text':
    case 'value':
      return [finding.text];
    case 'list':
      return finding.items.map(itemText);
    case 'groups':
      return finding.groups.flatMap((group) => group.items.map((item) => `${group.name}: ${itemText(item)}`));
    case 'headings':
      return [...finding.problems.slice(1), ...finding.levels.flatMap((level) => level.texts.map((text) => `H${level.level}: ${text}`))];
    case 'structured':
      return finding.groups.map((group) => `${group.name}: ${[...group.types, ...group.fields].join(', ')}`);
    case 'counts':
      return finding.entries.map((entry) => (entry.count === null ? entry.name : `${entry.name} × ${entry.count}`));
    case 'compact':
      return [finding.value, finding.errors].filter((text): text is string => text !== null);
    default:
      return [];
  }
}
