import { join } from 'node:path';
import { projectRoot } from '../../e2e/support/paths.ts';

/** The production Firefox build that `wxt build -b firefox` writes and these tests install. */
export const firefoxBuildDir = join(projectRoot, '.output', 'firefox-mv3');

/** Debian's Firefox ESR: the tests never download a browser. */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
