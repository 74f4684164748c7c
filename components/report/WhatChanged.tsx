import type { ReportView } from '@/lib/protocol';
import { whatChanged } from '@/lib/report/changes';
import { signed } from '@/lib/pages/score-change';
import { DateText } from '@/components/ui/DateText';
import { Notice } from '@/components/ui/Notice';
import { ScoreHistory } from '@/components/report/ScoreHistory';

const names = (checks: { name: string }[]) => (checks.length > 0 ? checks.map((c) => c.name).join(', ') : 'none');

/** The report against the one before it of the same address, and the score history of the address. */
export function WhatChanged({ view }: { view: ReportView }) {
  const changes = whatChanged(view);
  const score = view.report.score;
  return (
    <section class="report__changes card" aria-labelledby="changes-heading" data-changes={changes ? 'compared' : 'first'}>
      <h2 id="changes-heading">What changed</h2>
      {changes ? (
        <>
          <p class="changes__since">
            Since the report of <DateText iso={changes.previous.generatedAt} />
            {changes.scoreDelta !== null && score !== null && changes.previous.score !== null && (
              <>
                : score {Math.round(changes.previous.score)} → {Math.round(score)}{' '}
                <strong class={`changes__delta changes__delta--${Math.sign(changes.scoreDelta)}`}>({signed(changes.scoreDelta)})</strong>
              </>
            )}
            .
          </p>
          <dl class="changes__lists">
            <div>
              <dt>Now passing</dt>
              <dd data-changes="fixed">{names(changes.fixed)}</dd>
            </div>
            <div>
              <dt>Now failing</dt>
              <dd data-changes="broken">{names(changes.broken)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p class="muted">
          {view.historyError ? 'The earlier reports of this address could not be read.' : 'This is the first report of this address.'}
        </p>
      )}
      {view.historyError && <Notice tone="warning" live={false} message={view.historyError.message} />}
      <ScoreHistory history={view.history} currentId={view.report.id} />
    </section>
  );
}
