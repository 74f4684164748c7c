import { useMemo, useState } from 'preact/hooks';
import type { ReportView } from '@/lib/protocol';
import type { NamedCheck } from '@/lib/report/changes';
import { compareReports, type ComparedSide } from '@/lib/report/compare-reports';
import type { FindingChange } from '@/lib/report/finding-changes';
import { comparisonMarkdown } from '@/lib/report/comparison-markdown';
import { copyText } from '@/lib/pages/copy-text';
import { signed } from '@/lib/pages/score-change';
import { reportViewPath } from '@/lib/shared/report-view-address';
import { DateText } from '@/components/ui/DateText';
import { ScoreBadge } from '@/components/ui/ScoreBadge';
import { richText } from '@/components/ui/rich-text';
import { t, tn } from '@/lib/shared/i18n';
import { namedService } from '@/lib/pages/send-to-background';

function Side({ side, which }: { side: ComparedSide; which: 'here' | 'there' }) {
  return (
    <div class="comparison__side card" data-side={which} data-report={side.id}>
      <h3>{which === 'here' ? t('compareThisReport') : t('compareOtherReport')}</h3>
      <p class="comparison__address" translate={false} title={side.url}>
        <bdi>{side.url}</bdi>
      </p>
      <ScoreBadge score={side.score} label={side.label} />
      <p class="comparison__date muted">
        <DateText iso={side.generatedAt} words={(when) => t('reportGenerated', { when })} />
      </p>
      {which === 'there' && (
        <a class="button button--link" href={reportViewPath({ id: side.id, url: side.url, generatedAt: side.generatedAt, service: namedService() })}>
          {t('compareOpenOther')}
        </a>
      )}
    </div>
  );
}

const Checks = ({ checks, which }: { checks: NamedCheck[]; which: 'fixed' | 'broken' }) =>
  checks.length === 0 ? (
    <dd data-compare={which}>{t('changesNone')}</dd>
  ) : (
    <dd data-compare={which}>
      <ul>
        {checks.map((c) => (
          <li key={c.key} data-check={c.key}>
            {c.name}
          </li>
        ))}
      </ul>
    </dd>
  );

function Entries({ words, entries, more }: { words: string; entries: string[]; more: number }) {
  return (
    <>
      <dt>{words}</dt>
      <dd>
        {entries.length === 0 && more === 0 ? (
          t('changesNone')
        ) : (
          <ul class="comparison__entries">
            {entries.map((entry, i) => (
              <li key={i} translate={false}>
                {entry}
              </li>
            ))}
            {more > 0 && <li class="muted">{tn('findingMore', more)}</li>}
          </ul>
        )}
      </dd>
    </>
  );
}

function FindingDiff({ change }: { change: FindingChange }) {
  const items = change.kind === 'items';
  return (
    <li data-check={change.key} data-kind={change.kind}>
      <strong>{change.name}</strong>
      <dl class="comparison__finding">
        <Entries words={items ? t('compareOnlyHere') : t('compareValueHere')} entries={change.here} more={change.moreHere} />
        <Entries words={items ? t('compareOnlyThere') : t('compareValueThere')} entries={change.there} more={change.moreThere} />
      </dl>
    </li>
  );
}

/**
 * Two reports side by side: scores, the checks failing in one only, the findings that differ, and the whole
 * as Markdown. Loaded when first needed (CompareReports), with the comparison's logic.
 */
export function ComparisonView({ here, other }: { here: ReportView; other: ReportView }) {
  const c = useMemo(() => compareReports(here, other), [here, other]);
  const [outcome, setOutcome] = useState<{ tone: 'done' | 'failed'; text: string } | null>(null);
  const [manualCopy, setManualCopy] = useState<string | null>(null);

  const copy = async () => {
    const markdown = comparisonMarkdown(c);
    const copied = await copyText(markdown);
    setManualCopy(copied ? null : markdown);
    setOutcome(copied ? { tone: 'done', text: t('compareCopied') } : { tone: 'failed', text: t('actionCopyRefused') });
  };

  return (
    <div class="comparison" data-here={c.here.id} data-there={c.there.id}>
      <div class="comparison__sides">
        <Side side={c.here} which="here" />
        <Side side={c.there} which="there" />
      </div>
      {c.scoreDelta !== null && (
        <p class="comparison__delta">
          {richText(t('compareScoreDelta', { delta: '{delta}' }), {
            delta: (
              <strong class={`changes__delta changes__delta--${Math.sign(c.scoreDelta)}`} dir="ltr">
                {signed(c.scoreDelta)}
              </strong>
            ),
          })}
        </p>
      )}
      {c.checksCompared ? (
        <>
          <dl class="changes__lists comparison__checks">
            <div>
              <dt>{t('compareFailsHereOnly')}</dt>
              <Checks checks={c.broken} which="broken" />
            </div>
            <div>
              <dt>{t('compareFailsThereOnly')}</dt>
              <Checks checks={c.fixed} which="fixed" />
            </div>
          </dl>
          <h3 class="comparison__findings-heading">{t('compareFindingsHeading')}</h3>
          {c.findings.length === 0 ? (
            <p class="comparison__no-findings">{t('changesNone')}</p>
          ) : (
            <ul class="comparison__findings">
              {c.findings.map((f) => (
                <FindingDiff key={f.key} change={f} />
              ))}
            </ul>
          )}
        </>
      ) : (
        <p>{t('compareNoChecks')}</p>
      )}
      <div class="comparison__actions" role="group" aria-label={t('compareActionsLabel')}>
        <button type="button" class="button" onClick={() => void copy()}>
          {t('actionCopyMarkdown')}
        </button>
      </div>
      <p class={`report__outcome report__outcome--${outcome?.tone ?? 'none'}`} role="status">
        {outcome?.text}
      </p>
      {manualCopy !== null && (
        <textarea
          class="input report__manual-copy"
          aria-label={t('compareManualCopy')}
          readOnly
          rows={8}
          value={manualCopy}
          ref={(el) => el?.select()}
        />
      )}
    </div>
  );
}
