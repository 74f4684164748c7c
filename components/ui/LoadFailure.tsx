import { browser } from 'wxt/browser';
import type { ApiErrorData } from '@/lib/api/errors';
import { errorView } from '@/lib/pages/error-view';
import { Notice } from '@/components/ui/Notice';
import { t } from '@/lib/shared/i18n';

/**
 * What a page could not load, in plain words, with the way forward: the options when the
 * connection is what failed, else Try again (unless trying again cannot help).
 */
export function LoadFailure({ error, onRetry }: { error: ApiErrorData; onRetry: () => void }) {
  const view = errorView(error, []);
  return (
    <Notice tone="error" message={view.message} extra={view.fromService ? [t('serviceWords')] : []}>
      {view.action === 'options' ? (
        <button type="button" class="button" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('reportOpenOptions')}
        </button>
      ) : (
        view.action !== null && (
          <button type="button" class="button" onClick={onRetry}>
            {t('tryAgain')}
          </button>
        )
      )}
    </Notice>
  );
}
