import { measure } from './timings.ts';

/**
 * Times a test file from its loading to its last hook, recorded with the other timings
 * (test-artifacts/timings.jsonl) and printed. Call at the top of the file; `done()` in
 * the last afterAll.
 */
export function timeFile(name: string): { done(): Promise<void> } {
  const started = performance.now();
  let finish!: () => void;
  const run = measure(`${name}: whole file`, () => new Promise<void>((resolve) => (finish = resolve)));
  return {
    async done() {
      finish();
      await run;
      console.log(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s for the whole file`);
    },
  };
}
