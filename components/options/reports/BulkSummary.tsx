import type { BulkDeleteSummary } from '@/lib/options/bulk-delete';
import { summaryHeadline } from '@/lib/options/bulk-delete';

/** What a bulk delete did: the headline, then each report that was not deleted and why. */
export function BulkSummary({ summary, headlineId }: { summary: BulkDeleteSummary; headlineId: string }) {
  return (
    <div class="rm-bulk-summary">
      <p id={headlineId}>{summaryHeadline(summary)}</p>
      {summary.failed.length > 0 && (
        <>
          <h3>Not deleted</h3>
          <ul class="rm-target-list">
            {summary.failed.map((f) => (
              <li key={f.id}>
                <strong>{f.url}</strong>: {f.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {summary.notTried.length > 0 && (
        <>
          <h3>{summary.cancelled ? 'Left as they were (you stopped the run)' : 'Left as they were'}</h3>
          {summary.stopReason && <p>{summary.stopReason}</p>}
          <ul class="rm-target-list">
            {summary.notTried.map((t) => (
              <li key={t.id}>{t.url}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
