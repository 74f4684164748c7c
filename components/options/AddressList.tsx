import { useEffect, useMemo, useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import { sendToBackground } from '@/lib/pages/send-to-background';
import type { ResponseOf } from '@/lib/protocol';
import { ADDRESS_LIST_MAX, parseAddressList, type ParsedList } from '@/lib/shared/address-list';
import { addressesCount, quotaWarning, runTitle } from '@/lib/shared/run-text';
import { Notice } from '@/components/ui/Notice';
import { t, tn } from '@/lib/shared/i18n';
import { exceedsBytes, TEXT_MAX_MEGABYTES } from '@/lib/shared/text-cap';

/** Lines named one by one; past this many, the rest are counted. */
const LINES_SHOWN = 20;

const NOT_READ: ParsedList = { urls: [], invalid: [], duplicates: [], tooMany: false };

/**
 * Addresses pasted one a line, reported in the background. Each line is read
 * as it is typed: invalid and duplicate lines are named, the count shown, and
 * a warning given when the month's quota left is smaller than the list. A
 * text past the size cap is not read, and a list past the most one run
 * reports is refused; either way the text stays in the box. A paste that
 * would take the text past the cap is refused before it lands: the browser
 * would take seconds to lay it out, only for it to be refused.
 */
export function AddressList({ defaultPrivacy }: { defaultPrivacy: 0 | 1 | 2 }) {
  const [text, setText] = useState('');
  const [privacy, setPrivacy] = useState<0 | 1>(defaultPrivacy === 0 ? 0 : 1);
  const [quota, setQuota] = useState<ResponseOf<'getQuota'> | null>(null);
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pasteRefused, setPasteRefused] = useState(false);
  const tooLarge = useMemo(() => exceedsBytes(text), [text]);
  const parsed = useMemo(() => (tooLarge ? NOT_READ : parseAddressList(text)), [text, tooLarge]);
  const count = parsed.urls.length;
  const refusal = tooLarge ? t('alTooLarge', { megabytes: TEXT_MAX_MEGABYTES }) : parsed.tooMany ? t('alTooMany', { max: ADDRESS_LIST_MAX }) : null;
  const ready = count > 0 && refusal === null;

  const paste = (event: ClipboardEvent) => {
    const box = event.currentTarget as HTMLTextAreaElement;
    const pasted = event.clipboardData?.getData('text/plain') ?? '';
    const after = box.value.slice(0, box.selectionStart) + pasted + box.value.slice(box.selectionEnd);
    const refused = exceedsBytes(after);
    setPasteRefused(refused);
    if (refused) event.preventDefault();
  };

  // The quota is read once a list is there: an empty form asks the service nothing.
  const wantQuota = ready;
  useEffect(() => {
    if (wantQuota && !quota) void sendToBackground('getQuota', {}, null).then(setQuota, () => undefined);
  }, [wantQuota]);
  const warning =
    ready && quota && typeof quota.reportsPerMonth === 'number' ? quotaWarning(count, quota.reportsPerMonth, quota.madeThisMonth) : null;

  const start = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const run = await sendToBackground('startCreateRun', { urls: parsed.urls, privacy }, null);
      setText('');
      setQuota(null);
      setStatus({ tone: 'info', message: t('rmStarted', { title: runTitle(run.action, run.total, run.privacy) }) });
    } catch (caught) {
      setStatus({ tone: 'error', message: asApiError(caught).message });
    } finally {
      setBusy(false);
    }
  };

  const problems = [
    ...parsed.invalid.map((l) => ({ line: l.line, text: t('alLineInvalid', { line: l.line, text: l.text, reason: l.reason }) })),
    ...parsed.duplicates.map((l) => ({ line: l.line, text: t('alLineDuplicate', { line: l.line, text: l.text, sameAs: l.sameAs }) })),
  ].sort((a, b) => a.line - b.line);

  return (
    <section class="card address-list" aria-labelledby="address-list-title">
      <h2 id="address-list-title">{t('alHeading')}</h2>
      <div class="field">
        <label class="field__label" for="address-list-text">
          {t('alLabel')}
        </label>
        <textarea
          id="address-list-text"
          class="input"
          rows={6}
          value={text}
          spellcheck={false}
          placeholder={'https://example.com/\nexample.com/blog'}
          translate={false}
          aria-describedby="address-list-preview"
          onInput={(e) => {
            setPasteRefused(false);
            setText(e.currentTarget.value);
          }}
          onPaste={paste}
        />
      </div>
      <p id="address-list-preview" class="address-list__preview" role="status">
        {pasteRefused
          ? t('alPasteTooLarge', { megabytes: TEXT_MAX_MEGABYTES })
          : (refusal ?? (text.trim() === '' ? t('alPreviewEmpty') : t('alPreview', { addresses: addressesCount(count) })))}
      </p>
      {problems.length > 0 && (
        <ul class="address-list__problems" aria-label={t('alLinesLeftOut')}>
          {problems.slice(0, LINES_SHOWN).map((p) => (
            <li key={p.line}>{p.text}</li>
          ))}
          {problems.length > LINES_SHOWN && <li>{tn('alMoreLines', problems.length - LINES_SHOWN)}</li>}
        </ul>
      )}
      {warning && <Notice tone="warning" message={warning} />}
      <fieldset class="address-list__privacy">
        <legend>{t('alPrivacy')}</legend>
        {([0, 1] as const).map((value) => (
          <label key={value}>
            <input type="radio" name="address-list-privacy" checked={privacy === value} onChange={() => setPrivacy(value)} />{' '}
            {value === 0 ? t('privacyPublic') : t('privacyPrivate')}
          </label>
        ))}
      </fieldset>
      <button type="button" class="button button--primary" aria-disabled={!ready || busy} onClick={() => ready && !busy && void start()}>
        {busy ? t('bulkStarting') : ready ? t('runTitleCreate', { addresses: addressesCount(count) }) : t('alReportNone')}
      </button>
      {status && <Notice tone={status.tone} message={status.message} />}
    </section>
  );
}
