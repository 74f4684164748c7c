import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { artifactsDir, timingsFile } from './paths.ts';

export interface Timing {
  label: string;
  ms: number;
  test: string | undefined;
  at: string;
}

/**
 * Runs `fn` and appends how long it took to test-artifacts/timings.json (emptied when an
 * end-to-end run starts). Files run one at a time, so read-append-write is safe.
 */
export async function measure<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  record({
    label,
    ms: Math.round(performance.now() - started),
    test: expect.getState().currentTestName,
    at: new Date().toISOString(),
  });
  return result;
}

export function readTimings(): Timing[] {
  return existsSync(timingsFile) ? (JSON.parse(readFileSync(timingsFile, 'utf8')) as Timing[]) : [];
}

function record(timing: Timing): void {
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(timingsFile, `${JSON.stringify([...readTimings(), timing], null, 2)}\n`);
}
