import { createContext } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { AcceptDialog } from '@/components/report/AcceptDialog';
import type { AcceptanceControl } from '@/lib/report/use-report-limits';
import { utcDayText } from '@/lib/pages/dates';
import { t } from '@/lib/shared/i18n';
import '@/components/ui/limits.css';

/** The report's acceptances, given to every failed check of the list; null while they load. */
export const AcceptanceContext = createContext<AcceptanceControl | null>(null);

/** Under a failed check: "Accepted for this page until 1 March: reason", or the button that accepts it. */
export function FindingAcceptance({ checkKey, name }: { checkKey: string; name: string }) {
  const control = useContext(AcceptanceContext);
  const [open, setOpen] = useState(false);
  // Once accepted, the button that opened the dialog is gone: the focus goes to the mark that replaced it.
  const [accepted, setAccepted] = useState(false);
  const mark = useRef<HTMLParagraphElement>(null);
  const entry = control?.inForce.get(checkKey);
  useEffect(() => {
    if (accepted && entry) mark.current?.focus();
  }, [accepted, entry]);
  if (!control) return null;
  if (entry) {
    const scope = entry.address === null ? t('acceptedForSite') : t('acceptedForPage');
    return (
      <p class="accepted-mark" data-accepted={entry.address === null ? 'site' : 'page'} ref={mark} tabIndex={-1}>
        <span class="accepted-mark__label">{t('acceptedLabel')}</span> {scope}
        {entry.until ? ` · ${t('acceptedUntil', { date: utcDayText(entry.until) })}` : ''} · <span translate={false}>{entry.reason}</span>
      </p>
    );
  }
  return (
    <>
      <button type="button" class="button accept-button" onClick={() => setOpen(true)} aria-label={t('acceptButtonLabel', { check: name })}>
        {t('acceptButton')}
      </button>
      {open && <AcceptDialog checkKey={checkKey} name={name} control={control} onAccepted={() => setAccepted(true)} onClose={() => setOpen(false)} />}
    </>
  );
}
