/**
 * What each part of the extension makes the browser load, measured on a build folder
 * (.output/chrome-mv3). Shared by the benchmark and by the budget check, so both count
 * the same bytes:
 *   - a page (popup, options, report view): the scripts, module preloads and stylesheets its built
 *     HTML names, plus every chunk those scripts import statically, each file once (a stylesheet
 *     written into the page, as the popup's are, counts as its file: its link stays, disabled);
 *   - the background: the manifest's service worker and its static imports.
 * Dynamic `import()` chunks are not loaded on opening: they are listed apart, not counted.
 * gzip is zlib level 9 per file (each file is read on its own), summed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export type BundleName = 'popup' | 'options' | 'report' | 'background';
export const BUNDLES: readonly BundleName[] = ['popup', 'options', 'report', 'background'];

/** The report view: an extension page the manifest does not name, opened as report.html?id=N. */
export const REPORT_PAGE = 'report.html';

export interface Size {
  raw: number;
  gzip: number;
}

export interface BundleSize {
  /** Build-relative paths of every file counted, in load order. */
  files: string[];
  /** Chunks only imported with `import()`: loaded later, if at all. */
  lazyFiles: string[];
  js: Size;
  css: Size;
  total: Size;
}

export type BundleSizes = Record<BundleName, BundleSize>;

export function measureBundles(buildDir: string): BundleSizes {
  if (!existsSync(join(buildDir, 'manifest.json'))) {
    throw new Error(`No extension build at ${buildDir} (\`npx wxt build\` makes it)`);
  }
  const manifest = JSON.parse(readFileSync(join(buildDir, 'manifest.json'), 'utf8')) as {
    action?: { default_popup?: string };
    options_ui?: { page?: string };
    options_page?: string;
    background?: { service_worker?: string };
  };
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new Error(`The manifest in ${buildDir} names no ${what}`);
    return value;
  };
  return {
    popup: measurePage(buildDir, need(manifest.action?.default_popup, 'popup')),
    options: measurePage(buildDir, need(manifest.options_ui?.page ?? manifest.options_page, 'options page')),
    report: measurePage(buildDir, REPORT_PAGE),
    background: measureFiles(buildDir, [need(manifest.background?.service_worker, 'service worker')]),
  };
}

/** The files a built HTML page names in its head and body: module scripts, preloads, stylesheets. */
export function pageAssets(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const text = tag[0];
    const isScript = tag[1]!.toLowerCase() === 'script';
    const rel = /\brel=["']?([^"'\s>]+)/i.exec(text)?.[1]?.toLowerCase();
    if (!isScript && rel !== 'stylesheet' && rel !== 'modulepreload') continue;
    const ref = new RegExp(`\\b${isScript ? 'src' : 'href'}=["']?([^"'\\s>]+)`, 'i').exec(text)?.[1];
    if (ref && !/^[a-z]+:/i.test(ref)) found.push(ref);
  }
  return found;
}

/** Static imports (`import … from "x"`, `import "x"`, `export … from "x"`) and `import("x")` (or `` import(`x`) ``) of a built chunk. */
export function chunkImports(code: string): { static: string[]; lazy: string[] } {
  const fixed = [...code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g)].map((m) => m[1]!);
  // Rolldown (Vite 8) writes the argument of import() in backquotes.
  const lazy = [...code.matchAll(/\bimport\s*\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g)].map((m) => m[1]!);
  return { static: fixed, lazy };
}

function measurePage(buildDir: string, page: string): BundleSize {
  const html = readFileSync(join(buildDir, page), 'utf8');
  return measureFiles(
    buildDir,
    pageAssets(html).map((ref) => resolveRef(buildDir, page, ref)),
  );
}

function measureFiles(buildDir: string, entries: string[]): BundleSize {
  const files: string[] = [];
  const lazy = new Set<string>();
  const visit = (file: string) => {
    if (files.includes(file)) return;
    const path = join(buildDir, file);
    if (!existsSync(path)) throw new Error(`${file} is named by the build but missing from ${buildDir}`);
    files.push(file);
    if (!file.endsWith('.js')) return;
    const imports = chunkImports(readFileSync(path, 'utf8'));
    for (const ref of imports.lazy) lazy.add(resolveRef(buildDir, file, ref));
    for (const ref of imports.static) visit(resolveRef(buildDir, file, ref));
  };
  entries.forEach(visit);
  const js = sizeOf(
    buildDir,
    files.filter((f) => f.endsWith('.js')),
  );
  const css = sizeOf(
    buildDir,
    files.filter((f) => f.endsWith('.css')),
  );
  return {
    files,
    lazyFiles: [...lazy].filter((f) => !files.includes(f)),
    js,
    css,
    total: { raw: js.raw + css.raw, gzip: js.gzip + css.gzip },
  };
}

/** A reference from `from` (build-relative) as a build-relative path: `/chunks/a.js` is from the root. */
function resolveRef(buildDir: string, from: string, ref: string): string {
  const clean = ref.split(/[?#]/)[0]!;
  const absolute = clean.startsWith('/') ? join(buildDir, clean) : join(buildDir, dirname(from), clean);
  return relative(buildDir, normalize(absolute)).split('\\').join('/');
}

function sizeOf(buildDir: string, files: string[]): Size {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(buildDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

/** Which of `markers` (name → text found only in that code, e.g. zod's `_zod`) a bundle's files contain. */
export function findMarkers(buildDir: string, bundle: BundleSize, markers: Record<string, string>): { name: string; file: string }[] {
  const found: { name: string; file: string }[] = [];
  for (const file of bundle.files.filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(buildDir, file), 'utf8');
    for (const [name, text] of Object.entries(markers)) if (code.includes(text)) found.push({ name, file });
  }
  return found;
}
