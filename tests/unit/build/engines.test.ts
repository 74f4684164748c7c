/**
 * The Node versions the project says it runs on (package.json `engines`) against what each installed
 * package declares, read from the lockfile. npm prints errors only (.npmrc), so this is where a package
 * that needs a newer Node shows up. The packages below declare more than they need, and are checked on
 * the project's lowest Node by every build and test run.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};
const root = new URL('../../../', import.meta.url);
const project = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

/** Packages whose engines ask for more than the project's Node, and why that is safe. */
const DECLARE_MORE_THAN_THEY_NEED: Record<string, string> = {
  // build, zip, prepare and the vitest plugin run on Node 20.19: every build and test of the project does.
  'node_modules/wxt': '>=22',
  // Used only by `wxt init`, which the project never runs.
  'node_modules/@topcli/prompts': '>=22.0.0',
};

const lowest = semver.minVersion(project.engines.node)!.version;
const declared = Object.entries(lock.packages).flatMap(([path, entry]) => {
  const node = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
  return path && node && !entry.optional ? [[path, node] as const] : [];
});

describe(`the project's Node, ${project.engines.node}`, () => {
  it('starts at a version Vite 8 runs on', () => {
    expect(lowest).toBe('20.19.0');
    expect(declared.length).toBeGreaterThan(50);
  });

  it('is accepted by every installed package, but those known to ask for more than they need', () => {
    const refusing = declared.filter(([, range]) => !semver.satisfies(lowest, range));
    expect(Object.fromEntries(refusing)).toEqual(DECLARE_MORE_THAN_THEY_NEED);
  });
});
