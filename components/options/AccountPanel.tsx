import type { Account } from '@/lib/api';
import type { ApiErrorData } from '@/lib/api/errors';
import { quotaText } from '@/lib/options/connection-form';
import { Notice } from '@/components/ui/Notice';

export type AccountState = { state: 'none' } | { state: 'loading' } | { state: 'ready'; account: Account } | { state: 'error'; error: ApiErrorData };

/** The account the saved key belongs to: the proof that the connection works. */
export function AccountPanel({ account, baseUrl, onRetry }: { account: AccountState; baseUrl: string | null; onRetry: () => void }) {
  if (account.state === 'none') return null;
  return (
    <section class="card account" aria-labelledby="account-heading" aria-busy={account.state === 'loading'} data-state={account.state}>
      <h2 id="account-heading">Account</h2>
      {account.state === 'loading' && (
        <p class="muted" role="status">
          Loading your account…
        </p>
      )}
      {account.state === 'error' && (
        <Notice tone="error" message={account.error.message}>
          <button type="button" class="button" onClick={onRetry}>
            Try again
          </button>
        </Notice>
      )}
      {account.state === 'ready' && (
        <>
          <dl class="account__facts">
            <dt>Name</dt>
            <dd>{account.account.name}</dd>
            <dt>Email</dt>
            <dd>{account.account.email}</dd>
            <dt>Plan</dt>
            <dd>{account.account.planName ?? 'Not told by the service'}</dd>
            <dt>Monthly reports</dt>
            <dd>{quotaText(account.account)}</dd>
          </dl>
          {baseUrl && (
            <p>
              <a href={baseUrl} target="_blank" rel="noopener noreferrer">
                Open your report service
              </a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
