import { useEffect, useRef } from 'preact/hooks';
import type { ReportView } from '@/lib/protocol';
import { whatChanged } from '@/lib/report/changes';
import { signed } from '@/lib/pages/score-change';
import { DateText } from '@/components/ui/DateText';
import { Notice } from '@/components/ui/Notice';
import { ScoreHistory } from '@/components/report/ScoreHistory';
import { intlLocale, t } from '@/lib/shared/i18n';
import { richText } from '@/components/ui/rich-text';

const names = (checks: { name: string }[]) =>
  checks.length > 0 ? new Intl.ListFormat(intlLocale(), { type: 'unit' }).format(checks.map((c) => c.name)) : t('changesNone');

/** The report against the one before it of the same address, and the score history of the address. */
export function WhatChanged({ view }: { view: ReportView }) {
  const changes = whatChanged(view);
  const score = view.report.score;
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened at `#changes` (an alert's notification): the section is drawn after the report arrives, so the browser could not scroll to it.
  useEffect(() => {
    if (location.hash !== '#changes') return;
    section.current?.scrollIntoView({ block: 'start' });
    if (window.self === window.top) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section ref={section} id="changes" class="report__changes card" aria-labelledby="changes-heading" data-changes={changes ? 'compared' : 'first'}>
      <h2 id="changes-heading" ref={heading} tabIndex={-1}>
        {t('changesHeading')}
      </h2>
      {changes ? (
        <>
          <p class="changes__since">
            {richText(t('changesSince', { date: '{date}' }), { date: <DateText iso={changes.previous.generatedAt} /> })}
            {changes.scoreDelta !== null && score !== null && changes.previous.score !== null && (
              <>
                : {t('changesScore', { before: Math.round(changes.previous.score), after: Math.round(score) })}{' '}
                <strong class={`changes__delta changes__delta--${Math.sign(changes.scoreDelta)}`} dir="ltr">
                  ({signed(changes.scoreDelta)})
                </strong>
              </>
            )}
            .
          </p>
          <dl class="changes__lists">
            <div>
              <dt>{t('changesNowPassing')}</dt>
              <dd data-changes="fixed">{names(changes.fixed)}</dd>
            </div>
            <div>
              <dt>{t('changesNowFailing')}</dt>
              <dd data-changes="broken">{names(changes.broken)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p class="muted">{view.historyError ? t('changesHistoryUnreadable') : t('changesFirst')}</p>
      )}
      {view.historyError && <Notice tone="warning" live={false} message={view.historyError.message} />}
      <ScoreHistory history={view.history} currentId={view.report.id} />
    </section>
  );
}
