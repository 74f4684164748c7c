import { t } from '@/lib/shared/i18n';

/** The foot of the options page: the privacy policy (PRIVACY.md, built in as privacy.txt). */
export function OptionsFooter() {
  return (
    <footer class="options__footer">
      <a href="/privacy.txt" target="_blank" rel="noopener">
        {t('optionsPrivacyLink')}
      </a>
    </footer>
  );
}
