import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { artifactsDir, timingsFile } from './paths.ts';

export interface Timing {
  label: string;
  ms: number;
  test: string | undefined;
  at: string;
}

/**
 * Runs `fn` and appends how long it took to test-artifacts/timings.jsonl (emptied when an
 * end-to-end run starts), a line of JSON each: files run side by side append without reading.
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
  if (!existsSync(timingsFile)) return [];
  const lines = readFileSync(timingsFile, 'utf8').split('\n').filter(Boolean);
  return lines.map((line) => JSON.parse(line) as Timing);
}

function record(timing: Timing): void {
  mkdirSync(artifactsDir, { recursive: true });
  appendFileSync(timingsFile, `${JSON.stringify(timing)}\n`);
}
