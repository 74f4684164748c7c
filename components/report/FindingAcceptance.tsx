import { useEffect, useRef, useState } from 'preact/hooks';
import { lazyComponent } from '@/lib/pages/lazy-component';
import type { AcceptanceControl } from '@/lib/report/use-report-limits';
import { utcDayText } from '@/lib/pages/dates';
import { t } from '@/lib/shared/i18n';
import '@/components/ui/limits.css';

/** Loaded on the first press of "Accept…". */
const AcceptDialog = lazyComponent(() => import('@/components/report/AcceptDialog').then((m) => m.AcceptDialog));

/** Under a failed check: "Accepted for this page until 1 March: reason", or the button that accepts it. */
export function FindingAcceptance({ checkKey, name, control }: { checkKey: string; name: string; control: AcceptanceControl }) {
  const [open, setOpen] = useState(false);
  // Once accepted, the button that opened the dialog is gone: the focus goes to the mark that replaced it.
  const [accepted, setAccepted] = useState(false);
  const mark = useRef<HTMLParagraphElement>(null);
  const entry = control.inForce.get(checkKey);
  useEffect(() => {
    if (accepted && entry) mark.current?.focus();
  }, [accepted, entry]);
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
