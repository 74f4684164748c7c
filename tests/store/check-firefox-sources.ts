/**
 * What an addons.mozilla.org reviewer does with `npm run zip:firefox`'s two zips: unpack the
 * sources, follow the README (`npm ci`, `npm run build:firefox`) and compare the build with
 * the add-on. Fails unless every file is the same, byte for byte.
 *
 *   npm run check:firefox-sources
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { projectRoot } from '../e2e/support/paths.ts';
import { zipEntries } from './zip-entries.ts';

/** A reviewer's shell: none of the npm_* settings of the `npm run` this may run in, no NODE_ENV (npm ci would leave out the build tools). */
const shell = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') && name !== 'NODE_ENV' && name !== 'INIT_CWD'),
);
const run = (command: string, args: string[], cwd: string) => execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], env: shell });

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

const started = Date.now();
const output = run('npx', ['wxt', 'zip', '-b', 'firefox'], projectRoot).toString();
const zips = [...output.matchAll(/\.output\/(\S+\.zip)/g)].map((m) => join(projectRoot, '.output', m[1]!));
const addonZip = zips.find((z) => z.endsWith('-firefox.zip'));
const sourcesZip = zips.find((z) => z.endsWith('-sources.zip'));
if (!addonZip || !sourcesZip || !existsSync(addonZip) || !existsSync(sourcesZip))
  throw new Error(`wxt zip made no add-on and sources zips:\n${output}`);

const work = await mkdtemp(join(tmpdir(), 'site-report-sources-'));
try {
  const sources = await zipEntries(sourcesZip);
  for (const [name, content] of sources) {
    await mkdir(dirname(join(work, name)), { recursive: true });
    await writeFile(join(work, name), content);
  }
  // As the README tells the reviewer; the packages come from npm's cache when it has them.
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], work);
  run('npm', ['run', 'build:firefox'], work);

  const addon = await zipEntries(addonZip);
  const rebuilt = join(work, '.output', 'firefox-mv3');
  const names = await filesUnder(rebuilt);
  const differences = [
    ...[...addon.keys()].filter((name) => !names.includes(name)).map((name) => `only in the add-on: ${name}`),
    ...names.filter((name) => !addon.has(name)).map((name) => `only in the rebuild: ${name}`),
  ];
  for (const name of names.filter((n) => addon.has(n))) {
    if (!(await readFile(join(rebuilt, name))).equals(addon.get(name)!)) differences.push(`different: ${name}`);
  }
  if (differences.length > 0) {
    console.error(
      `The build from ${relative(projectRoot, sourcesZip)} differs from ${relative(projectRoot, addonZip)}:\n  ${differences.join('\n  ')}`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `${relative(projectRoot, addonZip)} (${addon.size} files) is rebuilt byte for byte from ${relative(projectRoot, sourcesZip)} (${sources.size} files) in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
