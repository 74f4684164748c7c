import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { build } from 'vite';
import { controlServiceWorker, type WorkerControl } from '../e2e/support/service-worker.ts';
import type { ExtensionBrowser } from '../e2e/support/browser.ts';
import { projectRoot } from '../e2e/support/paths.ts';
import { PROBE } from './instrument.ts';

/** A worker and an extension page that sends it messages. */
export interface Answerer {
  id: string;
  workers: WorkerControl;
  sender: Page;
}

/**
 * The least a popup can cost that shows what its worker answers: one message, its answer painted, nothing else. The
 * probe notes the frame after the answer as shown and ready, as it does for the extension's popup.
 */
const FLOOR_POPUP = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><script src="/bench-probe.js"></script><script src="/popup.js" defer></script><title>Floor</title></head>
  <body></body>
</html>
`;
const FLOOR_POPUP_SCRIPT = `chrome.runtime.sendMessage({ type: 'getPageState', payload: {} }).then((reply) => {
  const main = document.createElement('main');
  main.setAttribute('data-bench-blank', '');
  main.textContent = reply && reply.ok ? 'Answered.' : 'No answer.';
  document.body.append(main);
});
`;

/**
 * The floor: an extension whose worker only answers, written to `dir`, installed beside the extension, with a page of
 * its own open. Its toolbar popup asks the worker once and paints the answer.
 */
export async function installAnswerOnly(ext: ExtensionBrowser, dir: string): Promise<Answerer> {
  await mkdir(dir, { recursive: true });
  const manifest = {
    manifest_version: 3,
    name: 'Answers only',
    version: '1.0',
    background: { service_worker: 'worker.js' },
    action: { default_popup: 'popup.html' },
  };
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'worker.js'), `${ANSWER};\n`);
  await writeFile(join(dir, 'sender.html'), SENDER);
  await writeFile(join(dir, 'popup.html'), FLOOR_POPUP);
  await writeFile(join(dir, 'popup.js'), FLOOR_POPUP_SCRIPT);
  await writeFile(join(dir, 'bench-probe.js'), PROBE);
  const id = await ext.browser.installExtension(dir);
  const workers = controlServiceWorker(ext.browser, id);
  await workers.worker();
  return { id, workers, sender: await ext.newTab(`chrome-extension://${id}/sender.html`) };
}

const SENDER = '<!doctype html><title>Sender</title>';
const ANSWER = 'chrome.runtime.onMessage.addListener((message, sender, reply) => reply({ ok: true }))';

/**
 * Three workers between the floor and ours, made from our built background (`buildDir`), each installed with a page of
 * its own: `parsed` holds the whole background inside a function never called, then only answers (what reading its
 * text costs); `evaluated` runs every module of it but registers only the answer in place of the background's own
 * start (what evaluating the modules costs: zod, the schemas, the libraries); `started` runs all of it, its start
 * included (every listener the browser must know of to wake it), with the answer listening first (what the start
 * costs before any message is handled; our own router does not answer the page, which is not one of ours).
 */
export async function installBetween(
  ext: ExtensionBrowser,
  buildDir: string,
  dir: string,
): Promise<{ parsed: Answerer; evaluated: Answerer; started: Answerer }> {
  const background = await readFile(join(buildDir, 'background.js'), 'utf8');
  // WXT's wrapper ends the bundle with `try{x=y.main(), …}`: the background's start.
  const start = /([\w$]+)=([\w$]+)\.main\(\)/;
  if (!start.test(background)) throw new Error('The background bundle’s call of main() was not found');
  const variants = {
    parsed: `function neverCalled() {\n${background}\n}\n${ANSWER};\n`,
    evaluated: background.replace(start, `$1=${ANSWER}`),
    started: `${ANSWER};\n${background}`,
  };
  const installed: Partial<Record<keyof typeof variants, Answerer>> = {};
  for (const [name, script] of Object.entries(variants) as [keyof typeof variants, string][]) {
    const into = join(dir, name);
    await rm(into, { recursive: true, force: true });
    await cp(buildDir, into, { recursive: true });
    await writeFile(join(into, 'background.js'), script);
    await writeFile(join(into, 'sender.html'), SENDER);
    const id = await ext.browser.installExtension(into);
    const workers = controlServiceWorker(ext.browser, id);
    await workers.worker();
    installed[name] = { id, workers, sender: await ext.newTab(`chrome-extension://${id}/sender.html`) };
  }
  return installed as { parsed: Answerer; evaluated: Answerer; started: Answerer };
}

/**
 * The least truthful worker (least-worker.ts: zod and the browser calls `getSettings` makes, no other code of ours),
 * bundled as the background is (one minified IIFE), in a copy of the build at `buildDir` (its manifest and
 * permissions), installed with a page of its own. It reads the items our extension has stored, copied into its own.
 */
export async function installLeastWorker(ext: ExtensionBrowser, buildDir: string, dir: string): Promise<Answerer> {
  const built = await build({
    configFile: false,
    logLevel: 'silent',
    root: projectRoot,
    resolve: { alias: { '@': projectRoot } },
    build: {
      write: false,
      minify: true,
      lib: { entry: join(import.meta.dirname, 'least-worker.ts'), formats: ['iife'], name: 'leastWorker', fileName: 'background' },
    },
  });
  const chunk = (Array.isArray(built) ? built : [built]).flatMap((out) => ('output' in out ? out.output : [])).find((c) => c.type === 'chunk');
  if (!chunk) throw new Error('The least worker was not bundled');
  await rm(dir, { recursive: true, force: true });
  await cp(buildDir, dir, { recursive: true });
  await writeFile(join(dir, 'background.js'), chunk.code);
  await writeFile(join(dir, 'sender.html'), SENDER);
  const stored = await (await ext.worker()).evaluate(() => browser.storage.local.get(null));
  const id = await ext.browser.installExtension(dir);
  const workers = controlServiceWorker(ext.browser, id);
  await (await workers.worker()).evaluate((items) => browser.storage.local.set(items), stored);
  return { id, workers, sender: await ext.newTab(`chrome-extension://${id}/sender.html`) };
}

/**
 * Worker cold start as a page meets it: the worker stopped (as after 30 s idle), then one of its extension's pages
 * sends `getSettings`; from sending to the answer, in the page's clock, ms. Puppeteer attaches to the new worker
 * before it runs, which adds a round trip over the pipe to every sample, floor included.
 */
export async function coldAnswer({ workers, sender }: Answerer): Promise<number> {
  // The worker restarted by the last message may not be listed yet: stopWorker would find nothing to stop.
  await (await workers.worker()).evaluate(() => Object.assign(self, { benchStale: true }));
  await workers.stopWorker();
  const took = await sender.evaluate(async () => {
    const started = performance.now();
    const reply = (await browser.runtime.sendMessage({ type: 'getSettings', payload: {} })) as { ok?: boolean } | undefined;
    if (!reply?.ok) throw new Error(`getSettings answered ${JSON.stringify(reply)}`);
    return performance.now() - started;
  });
  if (await (await workers.worker()).evaluate(() => 'benchStale' in self)) throw new Error('The worker answered without having been stopped');
  return took;
}

/** `runs` cold starts of each worker, interleaved; `warmup` of each first, not kept. */
export async function benchColdStart(
  ours: Answerer,
  floor: Answerer,
  between: { parsed: Answerer; evaluated: Answerer; started: Answerer },
  least: Answerer,
  runs: number,
  warmup: number,
) {
  const result = {
    workerCold: [] as number[],
    workerFloor: [] as number[],
    workerParsed: [] as number[],
    workerEvaluated: [] as number[],
    workerStarted: [] as number[],
    workerLeast: [] as number[],
  };
  for (let i = 0; i < warmup + runs; i += 1) {
    const cold = await coldAnswer(ours);
    const answerOnly = await coldAnswer(floor);
    const parsed = await coldAnswer(between.parsed);
    const evaluated = await coldAnswer(between.evaluated);
    const started = await coldAnswer(between.started);
    const leastAnswer = await coldAnswer(least);
    if (i < warmup) continue;
    result.workerCold.push(cold);
    result.workerFloor.push(answerOnly);
    result.workerParsed.push(parsed);
    result.workerEvaluated.push(evaluated);
    result.workerStarted.push(started);
    result.workerLeast.push(leastAnswer);
  }
  return result;
}
