import { wxtBuild } from '../../e2e/support/wxt-build.ts';

/**
 * Once per run: the production Firefox build the tests install (`wxt build -b firefox` →
 * .output/firefox-mv3). E2E_SKIP_BUILD=1 reuses the last build.
 */
export default async function setup(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  await wxtBuild(['-b', 'firefox']);
}
