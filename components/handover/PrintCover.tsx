import { isLogo, type Agency } from '@/lib/shared/agency';
import '@/components/handover/print.css';
import { t } from '@/lib/shared/i18n';

interface Props {
  agency: Agency;
  /** What the document is about: a page's address, or a site. */
  subject: string;
  score: string;
  /** The date in words (Intl), and as an ISO string when known. */
  date: string;
  iso?: string | null;
}

/** The first block of a printed report: the agency's logo and name, the address, the score and the date. Shown in print only. */
export function PrintCover({ agency, subject, score, date, iso }: Props) {
  const name = agency.name.trim();
  return (
    <header class="print-cover print-only">
      {isLogo(agency.logo) && <img class="print-cover__logo" src={agency.logo} alt={name || t('handoverLogo')} />}
      {name && <p class="print-cover__agency">{t('handoverPreparedBy', { agency: name })}</p>}
      <p class="print-cover__kicker">{t('handoverCoverKicker')}</p>
      <h1 class="print-cover__subject" translate={false}>
        {subject}
      </h1>
      <p class="print-cover__score">{score}</p>
      <p class="print-cover__date">
        <time dateTime={iso ?? undefined}>{date}</time>
      </p>
    </header>
  );
}
