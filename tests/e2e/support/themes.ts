import { expect } from 'vitest';
import type { ExtensionPages } from './extension-pages.ts';
import type { PageObject } from './page-object.ts';

/**
 * Screenshots `<name>-light` and `<name>-dark` of a page as it is now. The pages follow
 * the system's scheme as it changes, so one state serves both; that the colours really
 * changed is checked on the way.
 */
export async function screenshotBothThemes(ext: Pick<ExtensionPages, 'screenshot'>, view: PageObject, name: string): Promise<void> {
  const background = () => view.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await view.useColorScheme('light');
  expect(await view.isDark()).toBe(false);
  const light = await background();
  await ext.screenshot(view.page, `${name}-light`);
  await view.useColorScheme('dark');
  expect(await view.isDark()).toBe(true);
  expect(await background()).not.toBe(light);
  await ext.screenshot(view.page, `${name}-dark`);
  await view.useColorScheme('light');
}
