import type { Account } from '@/lib/api';
import type { ApiErrorData } from '@/lib/api/errors';
import { quotaText } from '@/lib/options/connection-form';
import { Notice } from '@/components/ui/Notice';
import { t } from '@/lib/shared/i18n';

export type AccountState = { state: 'none' } | { state: 'loading' } | { state: 'ready'; account: Account } | { state: 'error'; error: ApiErrorData };

/** The account the saved key belongs to: the proof that the connection works. */
export function AccountPanel({ account, baseUrl, onRetry }: { account: AccountState; baseUrl: string | null; onRetry: () => void }) {
  if (account.state === 'none') return null;
  return (
    <section class="card account" aria-labelledby="account-heading" aria-busy={account.state === 'loading'} data-state={account.state}>
      <h2 id="account-heading">{t('accountHeading')}</h2>
      {account.state === 'loading' && (
        <p class="muted" role="status">
          {t('accountLoading')}
        </p>
      )}
      {account.state === 'error' && (
        <Notice tone="error" message={account.error.message}>
          <button type="button" class="button" onClick={onRetry}>
            {t('tryAgain')}
          </button>
        </Notice>
      )}
      {account.state === 'ready' && (
        <>
          <dl class="account__facts">
            <dt>{t('accountName')}</dt>
            <dd translate={false}>{account.account.name}</dd>
            <dt>{t('accountEmail')}</dt>
            <dd translate={false}>{account.account.email}</dd>
            <dt>{t('accountPlan')}</dt>
            <dd translate={account.account.planName === null}>{account.account.planName ?? t('accountNotTold')}</dd>
            <dt>{t('accountMonthly')}</dt>
            <dd>{quotaText(account.account)}</dd>
          </dl>
          {baseUrl && (
            <p>
              <a href={baseUrl} target="_blank" rel="noopener noreferrer">
                {t('accountOpenService')}
              </a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
