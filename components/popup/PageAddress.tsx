import { t } from '@/lib/shared/i18n';

/** The address of the tab the popup acts on, shown as soon as it is known. */
export function PageAddress({ address, error }: { address: string | null | undefined; error?: string }) {
  return (
    <div class="page-address">
      <span class="page-address__label" id="page-address-label">
        {t('popThisPage')}
      </span>
      <p class="page-address__value" id="page-address-value" title={address ?? undefined} translate={false}>
        {/* <bdi>: an address reads left to right, its trailing "/" too, in a right-to-left page. */}
        {address ? <bdi>{displayAddress(address)}</bdi> : address === undefined ? '…' : t('popNoAddress')}
      </p>
      {error && (
        <p class="field__error" id="url-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The scheme says little to a person; https is the rule, so only http is shown. */
function displayAddress(address: string): string {
  return address.replace(/^https:\/\//, '');
}
