import type { Noun } from '@/lib/report/check-guide';
import type { CheckData, Finding, Item, ItemGroup } from '@/lib/report/findings';
import { safeHref } from '@/lib/report/service-text';
import { asList, asNumber, asRecord, asText, errorEntries, isPlainObject, itemText, listLength } from '@/lib/report/check-value-readers';
import { t, tn } from '@/lib/shared/i18n';

/** Readers of the findings that hold many things: lists, named groups, headings, structured data, tag counts. */

/** At most this many named groups or entries are read from one value. */
const MAX_GROUPS = 50;

function items(list: readonly unknown[]): Item[] {
  return list.flatMap((entry) => {
    const item = itemText(entry);
    return item ? [{ ...item, href: safeHref(item.text) }] : [];
  });
}

/** A map of named things, not a list in disguise (`{"0": …}`). */
const namedMap = (value: unknown) => (isPlainObject(value) && asList(value) === null ? value : null);

/** The first non-empty list among `sources`; else a bare count (a check that counts without naming). */
export function readList(noun: Noun, sources: readonly unknown[]): Finding | null {
  for (const source of sources) {
    const list = asList(source);
    if (list && list.length > 0) return { kind: 'list', noun, items: items(list), total: listLength(source) };
  }
  for (const source of sources) {
    const count = typeof source === 'number' ? asNumber(source) : null;
    if (count !== null && count > 0) return { kind: 'list', noun, items: [], total: Math.round(count) };
  }
  return null;
}

/** The first value among `sources` that groups lists by name (or, failing that, one plain list). */
export function readGroups(sources: readonly unknown[]): { groups: ItemGroup[]; total: number } | null {
  for (const source of sources) {
    const map = namedMap(source);
    if (map) {
      const groups = Object.entries(map)
        .slice(0, MAX_GROUPS)
        .flatMap(([name, value]) => {
          const list = asList(value);
          return list && list.length > 0 ? [{ name, items: items(list), total: listLength(value) }] : [];
        });
      if (groups.length > 0) return { groups, total: groups.reduce((sum, g) => sum + g.total, 0) };
    }
    const list = asList(source);
    if (list && list.length > 0) return { groups: [{ name: '', items: items(list), total: listLength(source) }], total: listLength(source) };
  }
  return null;
}

/** The outline by level, and what is wrong with its h1 as the data itself shows. */
export function readHeadings(check: CheckData): Finding | null {
  const map = asRecord(check.value);
  if (!map) return null;
  const levels = [1, 2, 3, 4, 5, 6].flatMap((level) => {
    const list = asList(map[`h${level}`] ?? map[`H${level}`]);
    const texts = list ? list.map((entry) => itemText(entry)?.text ?? '(empty)') : [];
    return texts.length > 0 ? [{ level, texts, total: listLength(map[`h${level}`] ?? map[`H${level}`]) }] : [];
  });
  const h1 = levels.find((l) => l.level === 1)?.total ?? 0;
  const problems: string[] = [];
  if (levels.length === 0) problems.push(t('findingNoHeadings'));
  else if (h1 === 0) problems.push(t('findingNoH1'));
  else if (h1 > 1) problems.push(tn('findingManyH1', h1));
  else if (!check.passed && errorEntries(check.errors).some(([key]) => key === 'duplicate')) problems.push(t('findingH1IsTitle'));
  return { kind: 'headings', levels, problems };
}

const GROUP_NAMES: Record<string, string> = { json_ld: 'JSON-LD', microdata: 'Microdata' };

/** `@type` of a JSON-LD object, and of the items of its `@graph`. */
function schemaTypes(data: Record<string, unknown>): string[] {
  const own = data['@type'];
  const types = (asList(own) ?? [own]).map(asText).filter((t): t is string => t !== null);
  const graph = asList(data['@graph']) ?? [];
  for (const node of graph.slice(0, MAX_GROUPS)) if (isPlainObject(node)) types.push(...schemaTypes({ '@type': node['@type'] }));
  return [...new Set(types)];
}

/** The kinds of structured data found (Open Graph, Twitter, Schema.org …), each with its types or tag names. */
export function readStructured(value: unknown): Finding | null {
  const map = namedMap(value);
  if (!map) return null;
  const groups = Object.entries(map)
    .slice(0, MAX_GROUPS)
    .flatMap(([key, data]) => {
      const name = GROUP_NAMES[key] ?? key;
      const list = asList(data);
      if (list) {
        const types = list.map((t) => asText(t)).filter((t): t is string => t !== null);
        return types.length > 0 ? [{ name, types: [...new Set(types)], fields: [] }] : [];
      }
      if (isPlainObject(data)) {
        const types = schemaTypes(data);
        const fields = Object.keys(data).filter((k) => !k.startsWith('@'));
        return types.length + fields.length > 0 ? [{ name, types, fields }] : [];
      }
      const text = asText(data);
      return text ? [{ name, types: [text], fields: [] }] : [];
    });
  return groups.length > 0 ? { kind: 'structured', groups } : null;
}

/** Names with how often each was found (`{"center": 6, "font": 41}`), or bare names. */
export function readCounts(sources: readonly unknown[]): { name: string; count: number | null }[] | null {
  for (const source of sources) {
    const map = namedMap(source);
    if (map && Object.keys(map).length > 0) {
      return Object.entries(map)
        .slice(0, MAX_GROUPS)
        .map(([name, count]) => ({ name, count: asNumber(count) }));
    }
    const list = asList(source);
    const names = list?.map(asText).filter((n): n is string => n !== null) ?? [];
    if (names.length > 0) return names.slice(0, MAX_GROUPS).map((name) => ({ name, count: null }));
  }
  return null;
}
