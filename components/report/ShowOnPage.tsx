import type { OutlineResult } from '@/lib/report/outline-in-page';
import type { PageTargets } from '@/lib/report/page-targets';
import type { useShowOnPage } from '@/lib/report/use-show-on-page';
import { FindingSteps } from '@/components/report/FindingSteps';
import { t, tn } from '@/lib/shared/i18n';

export type ShowOnPageControl = ReturnType<typeof useShowOnPage>;

function outlined({ found, missing }: OutlineResult): string {
  if (found === 0) return missing > 0 ? tn('showOnPageNothingMissing', missing) : t('showOnPageNothing');
  return missing > 0 ? tn('showOnPageOutlinedMissing', found, { missing }) : tn('showOnPageOutlined', found);
}

/**
 * A toggle that outlines the elements a finding names in the live tab. Its
 * name stays the same; whether it is on shows in its pressed state and in
 * the words beside it.
 */
export function ShowOnPage({
  checkKey,
  name,
  targets,
  control,
}: {
  checkKey: string;
  name: string;
  targets: PageTargets;
  control: ShowOnPageControl;
}) {
  const on = control.shown?.key === checkKey ? control.shown : null;
  const working = control.busy === checkKey;
  const message = control.message?.key === checkKey ? control.message.text : null;
  return (
    <div class="check__on-page">
      <button
        type="button"
        class="button"
        aria-pressed={on !== null}
        aria-disabled={control.busy !== null}
        onClick={() => control.toggle(checkKey, targets, name)}
      >
        {working && <span class="spinner" aria-hidden="true" />}
        {t('showOnPage')}
        <span class="sr-only">: {name}</span>
      </button>
      <p class="check__on-page-status" role="status">
        {on ? outlined(on.result) : message}
      </p>
      {on && on.result.found > 1 && <FindingSteps name={name} at={on.at} count={on.result.found} control={control} />}
    </div>
  );
}
