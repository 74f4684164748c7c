import { onRunEnd } from '@/lib/background/runs/run-engine';
import { itemsLeft, runView } from '@/lib/background/runs/run-state';
import { BADGE_COLOURS, paintDefault } from '@/lib/background/toolbar/badge-paint';
import { showNotification } from '@/lib/background/toolbar/notifications';
import { runSummary, runTitle } from '@/lib/shared/run-text';
import { createSerialQueue } from '@/lib/shared/serial-queue';
import { runs } from '@/lib/storage';
import { afterStart } from '@/lib/background/start-work';

/**
 * What a run shows outside the options page: the items left on the toolbar
 * badge while it goes on, and a notification when it ends (a click opens the
 * options, where the runs panel lists what failed).
 */

/** Four characters fit a badge: 1,201 left reads "1.2k". */
export function leftBadgeText(left: number): string {
  if (left === 0) return '';
  if (left < 1000) return String(left);
  return `${(Math.floor(left / 100) / 10).toString().replace(/\.0$/, '')}k`;
}

/** Call once, synchronously, when the worker starts. */
export function registerRunNotices(): void {
  // One paint at a time, each reading the runs as they are then: the last one painted is the latest.
  const paints = createSerialQueue();
  const paintLeft = () =>
    paints(async () => paintDefault({ text: leftBadgeText(itemsLeft(await runs.read())), color: BADGE_COLOURS.neutral })).catch(() => undefined);
  // A run writes at every item: the badge follows a few times a second, not at every write.
  let timer: ReturnType<typeof setTimeout> | null = null;
  runs.watch(() => {
    timer ??= setTimeout(() => {
      timer = null;
      void paintLeft();
    }, 500);
  });
  afterStart(paintLeft);
  onRunEnd((run) => {
    void paintLeft();
    const view = runView(run);
    void showNotification({ title: runTitle(view.action, view.total, view.privacy), message: runSummary(view), action: { kind: 'options' } }).catch(
      () => undefined,
    );
  });
}
