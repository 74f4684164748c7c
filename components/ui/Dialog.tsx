import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { asApiError, type ApiError } from '@/lib/api/errors';
import '@/components/ui/dialog.css';

interface Props {
  title: string;
  /** Called once the dialog has closed (Escape, a Cancel button or `close()`), after the browser has put the focus back. */
  onClose: () => void;
  /** Set while an action runs: Escape then does nothing, so a half-done request is not abandoned unseen. */
  busy?: boolean;
  children: (close: () => void, ids: { title: string; description: string }) => ComponentChildren;
}

/**
 * A modal built on the native `<dialog>`: the browser traps the focus inside,
 * closes it on Escape and gives the focus back to what opened it.
 * Put `autoFocus` on the control that should take the focus first.
 */
export function Dialog({ title, onClose, busy = false, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const ids = { title: `${id}-title`, description: `${id}-description` };

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const close = () => ref.current?.close();

  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.description}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClose}
    >
      <h2 id={ids.title} class="dialog__title">
        {title}
      </h2>
      {children(close, ids)}
    </dialog>
  );
}

/**
 * The request a dialog's main button sends: `busy` while it runs; on failure
 * its error stays in the dialog and `onFailed` lets the caller reload the
 * list, which may have changed meanwhile.
 */
export function useDialogRequest(onFailed: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const run = async (request: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await request();
    } catch (caught) {
      setError(asApiError(caught));
      onFailed();
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
