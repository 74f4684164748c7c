import { lazyComponent } from '@/lib/pages/lazy-component';

/**
 * The watched pages' pieces of the options page, drawn once loaded (a few milliseconds after the
 * rest): the options open as fast as without them, and their code stays out of the first bundle.
 */
export const WatchesPanel = lazyComponent(() => import('@/components/options/watches/WatchesPanel').then((m) => m.WatchesPanel));
/** "Watch these pages": only a selection shows it. */
export const WatchSelected = lazyComponent(() => import('@/components/options/watches/WatchSelected').then((m) => m.WatchSelected));
