/**
 * A passed and a failed entry of every check, as the service sends them, read from the
 * recorded results bodies in tests/fixtures/results (see its README).
 */
import { readFileSync } from 'node:fs';
import type { CheckResult } from './checks/types.ts';

export interface CheckSamples {
  passed: CheckResult;
  failed: CheckResult;
}

interface KindFile {
  passed: Record<string, CheckResult>;
  failed: Record<string, CheckResult>;
}

const FOLDER = new URL('../fixtures/results/', import.meta.url);

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(file, FOLDER), 'utf8'));
}

function loadSamples(): ReadonlyMap<string, CheckSamples> {
  const samples = new Map<string, CheckSamples>();
  for (const { file } of Object.values(readJson<Record<string, { file: string }>>('kinds.json'))) {
    const kind = readJson<KindFile>(file);
    for (const [name, passed] of Object.entries(kind.passed)) {
      const failed = kind.failed[name];
      if (failed) samples.set(name, { passed, failed });
    }
  }
  return samples;
}

export const RESULT_SAMPLES = loadSamples();
