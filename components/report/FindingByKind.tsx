import type { Finding } from '@/lib/report/findings';
import { characterRange, characters, formatMeasure, formatRange } from '@/lib/report/number-words';
import { shortened } from '@/lib/report/service-text';
import { CountsFinding, GroupsFinding, HeadingsFinding, ListFinding, StructuredFinding } from '@/components/report/FindingLists';
import { ItemText } from '@/components/report/ItemText';
import { LimitText } from '@/components/report/LimitText';
import { t } from '@/lib/shared/i18n';

/**
 * What a check found, drawn by its kind. Every string here came from the
 * service and is rendered as text (Preact escapes it); only http(s)
 * addresses become links.
 */
export function FindingByKind({ finding }: { finding: Finding }) {
  switch (finding.kind) {
    case 'none':
      return null;
    case 'text':
      return (
        <div class="finding finding--text">
          <q class="finding__quote" translate={false}>
            {shortened(finding.text)}
          </q>
          <p class="finding__measure">
            {characters(finding.length)}
            {finding.limit && <LimitText words={characterRange(finding.limit)} fromReport={finding.fromReport} />}
          </p>
        </div>
      );
    case 'value':
      return (
        <p class="finding finding--value">
          <ItemText item={{ text: finding.text, note: null, href: finding.href }} />
        </p>
      );
    case 'number':
      return (
        <p class="finding finding--number">
          <strong>{formatMeasure(finding.value, finding.unit)}</strong>
          {finding.limit && <LimitText words={formatRange(finding.limit, (n) => formatMeasure(n, finding.unit))} fromReport={finding.fromReport} />}
        </p>
      );
    case 'list':
      return <ListFinding finding={finding} />;
    case 'groups':
      return <GroupsFinding finding={finding} />;
    case 'headings':
      return <HeadingsFinding finding={finding} />;
    case 'structured':
      return <StructuredFinding finding={finding} />;
    case 'counts':
      return <CountsFinding finding={finding} />;
    case 'compact':
      return (
        <dl class="finding finding--compact">
          {finding.value !== null && (
            <>
              <dt>{t('findingValue')}</dt>
              <dd>
                <code translate={false}>{finding.value}</code>
              </dd>
            </>
          )}
          {finding.errors !== null && (
            <>
              <dt>{t('findingProblems')}</dt>
              <dd>
                <code translate={false}>{finding.errors}</code>
              </dd>
            </>
          )}
        </dl>
      );
  }
}
