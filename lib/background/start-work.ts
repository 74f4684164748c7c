/**
 * Work a worker owes at every start that no page waits for: runs resumed, menus rebuilt, the badge and the site
 * permissions brought up to date. It runs `START_WORK_MS` after the start, so a popup that woke the worker is
 * answered first: its storage reads do not queue behind this work's.
 */
export const START_WORK_MS = 250;

let owed: (() => unknown)[] | null = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Work for when the start is over: kept until then, or run at once when it is over already. */
export function afterStart(work: () => unknown): void {
  if (owed) owed.push(work);
  else run(work);
}

/** The worker started: the owed work runs in `ms`. */
export function startOverIn(ms = START_WORK_MS): void {
  clearTimeout(timer);
  timer = setTimeout(startOver, ms);
}

/** The start is over: the owed work runs, once, and later work at once. */
export function startOver(): void {
  clearTimeout(timer);
  const due = owed;
  owed = null;
  for (const work of due ?? []) run(work);
}

function run(work: () => unknown): void {
  void Promise.resolve()
    .then(work)
    .catch((error: unknown) => console.warn('Work owed the start failed', error));
}
