import { useEffect, useState } from 'preact/hooks';
import { checkKeyAction, movedTo } from '@/lib/report/check-keys';

/**
 * The keys of lib/report/check-keys.ts on the report view's checks (`li.check`, in page order):
 * a move focuses the check it lands on and scrolls it into view; `s` presses its "Show on page";
 * `.` and `,` press "Next finding" and "Previous finding" of the check outlined on the page.
 * Answers whether the list of keys is open, and how to close it.
 */
export function useCheckKeys() {
  const [helpOpen, setHelpOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const action = checkKeyAction(event);
      if (!action) return;
      const checks = [...document.querySelectorAll<HTMLElement>('li.check')];
      const current = checks.findIndex((check) => check.contains(document.activeElement));
      if (action === 'help') {
        setHelpOpen(true);
      } else if (action === 'nextFinding' || action === 'previousFinding') {
        const step = action === 'nextFinding' ? 'next' : 'previous';
        const button = document.querySelector<HTMLButtonElement>(`.check__findings [data-finding-step="${step}"]`);
        if (!button) return;
        button.click();
      } else if (action === 'showOnPage') {
        const button = checks[current]?.querySelector<HTMLButtonElement>('.check__on-page button');
        if (!button) return;
        button.click();
      } else {
        const step = action === 'next' || action === 'nextFailed' ? 1 : -1;
        const failedOnly = action === 'nextFailed' || action === 'previousFailed';
        const to = movedTo(current, checks.length, step, (i) => !failedOnly || checks[i]!.dataset.passed === 'false');
        if (to === null) return;
        const check = checks[to]!;
        check.tabIndex = -1;
        check.focus({ preventScroll: true });
        check.scrollIntoView({ block: 'nearest' });
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return { helpOpen, openHelp: () => setHelpOpen(true), closeHelp: () => setHelpOpen(false) };
}
