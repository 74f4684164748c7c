import { useState } from 'preact/hooks';
import type { Finding, Item } from '@/lib/report/findings';
import { formatCount, formatRange, plural } from '@/lib/report/number-words';
import { groupLabel } from '@/lib/report/service-text';
import { ItemText } from '@/components/report/ItemText';
import { LimitText } from '@/components/report/LimitText';
import { t, tn } from '@/lib/shared/i18n';

type Of<K extends Finding['kind']> = Extract<Finding, { kind: K }>;

/** Items shown before "N more". */
export const FIRST_ITEMS = 10;

/** "12 more", or "Show fewer" once open; it stays where it was, so the keyboard focus does too. `of` names the list for screen readers. */
function MoreButton({ hidden, open, of, onToggle }: { hidden: number; open: boolean; of: string; onToggle: () => void }) {
  if (hidden <= 0) return null;
  return (
    <button type="button" class="button button--link finding__more" aria-expanded={open} onClick={onToggle}>
      {open ? t('findingFewer') : tn('findingMore', hidden)}
      <span class="sr-only"> {t('findingOf', { list: of })}</span>
    </button>
  );
}

/** The first ten items, and a button that shows the rest (of those the report sent; a count beyond them is told). */
export function ExpandableList({ items, total, label }: { items: Item[]; total: number; label: string }) {
  const [open, setOpen] = useState(false);
  const shown = open ? items : items.slice(0, FIRST_ITEMS);
  const unlisted = total - items.length;
  return (
    <>
      <ul class="finding__items" aria-label={label}>
        {shown.map((item, i) => (
          <li key={i}>
            <ItemText item={item} />
          </li>
        ))}
      </ul>
      <MoreButton hidden={items.length - FIRST_ITEMS} open={open} of={label} onToggle={() => setOpen(!open)} />
      {open && unlisted > 0 && <p class="muted">{tn('findingUnlisted', unlisted)}</p>}
    </>
  );
}

export function ListFinding({ finding }: { finding: Of<'list'> }) {
  const title = plural(finding.total, finding.noun);
  return (
    <div class="finding finding--list">
      <p class="finding__title">{title}</p>
      {finding.items.length > 0 && <ExpandableList items={finding.items} total={finding.total} label={title} />}
    </div>
  );
}

export function GroupsFinding({ finding }: { finding: Of<'groups'> }) {
  return (
    <div class="finding finding--groups">
      <p class="finding__title">
        {plural(finding.total, finding.noun)}
        {finding.limit && <LimitText words={formatRange(finding.limit, (n) => plural(n, finding.noun))} fromReport={finding.fromReport} />}
      </p>
      {finding.groups.map((group, i) => {
        // A group the extension knows is named in the UI language; one the service names itself (a social network) is shown as sent.
        const known = groupLabel(group.name);
        const label = known ?? (group.name || plural(group.total, finding.noun));
        return (
          <section key={i} class="finding__group" aria-label={label} translate={known === null && group.name !== '' ? false : undefined}>
            {group.name && (
              <h4 class="finding__group-name">
                <span translate={known === null ? false : undefined}>{known ?? group.name}</span>{' '}
                <span class="muted">({formatCount(group.total)})</span>
              </h4>
            )}
            <ExpandableList items={group.items} total={group.total} label={label} />
          </section>
        );
      })}
    </div>
  );
}

/** The headings by level, indented as an outline. */
export function HeadingsFinding({ finding }: { finding: Of<'headings'> }) {
  const items = finding.levels.flatMap(({ level, texts }) => texts.map((text) => ({ level, text })));
  const [open, setOpen] = useState(false);
  const shown = open ? items : items.slice(0, FIRST_ITEMS);
  return (
    <div class="finding finding--headings">
      {finding.problems.map((problem) => (
        <p key={problem} class="finding__problem">
          {problem}
        </p>
      ))}
      {items.length > 0 && (
        <ol class="finding__outline" aria-label={t('findingHeadingsOutline')}>
          {shown.map(({ level, text }, i) => (
            <li key={i} class={`finding__heading finding__heading--h${level}`} translate={false}>
              <span class="finding__tag">h{level}</span> {text}
            </li>
          ))}
        </ol>
      )}
      <MoreButton hidden={items.length - FIRST_ITEMS} open={open} of={t('findingTheHeadings')} onToggle={() => setOpen(!open)} />
    </div>
  );
}

export function StructuredFinding({ finding }: { finding: Of<'structured'> }) {
  return (
    <dl class="finding finding--structured" translate={false}>
      {finding.groups.map((group, i) => (
        <div key={i} class="finding__pair">
          <dt>{group.name}</dt>
          <dd>{[...group.types, ...group.fields.slice(0, FIRST_ITEMS)].join(', ') + (group.fields.length > FIRST_ITEMS ? ', …' : '')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `<center>` × 6: each deprecated tag with how often the page uses it. */
export function CountsFinding({ finding }: { finding: Of<'counts'> }) {
  return (
    <div class="finding finding--counts">
      <p class="finding__title">{plural(finding.entries.length, finding.noun)}</p>
      <ul class="finding__items">
        {finding.entries.map((entry, i) => (
          <li key={i}>
            <code translate={false}>{`<${entry.name}>`}</code>
            {entry.count !== null && <span class="muted"> × {formatCount(entry.count)}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
