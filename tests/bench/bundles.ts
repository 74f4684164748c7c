/**
 * What each part of the extension makes the browser load, measured on a build folder; shared by the bench and the
 * budget check. A page: the scripts, module preloads and stylesheets its built HTML names and their static imports,
 * each file once (`import()` chunks load later: not counted). The background: the manifest's worker and its static
 * imports. gzip is zlib level 9 per file, summed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export type BundleName = 'popup' | 'options' | 'report' | 'background';
export const BUNDLES: readonly BundleName[] = ['popup', 'options', 'report', 'background'];

export interface Size {
  raw: number;
  gzip: number;
}

export interface BundleSize {
  /** Build-relative paths of every file counted, in load order. */
  files: string[];
  js: Size;
  css: Size;
  total: Size;
}

export type BundleSizes = Record<BundleName, BundleSize>;

export function measureBundles(buildDir: string): BundleSizes {
  if (!existsSync(join(buildDir, 'manifest.json'))) throw new Error(`No extension build at ${buildDir} (\`npx wxt build\` makes it)`);
  const manifest = JSON.parse(readFileSync(join(buildDir, 'manifest.json'), 'utf8')) as {
    action?: { default_popup?: string };
    options_ui?: { page?: string };
    background?: { service_worker?: string };
  };
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new Error(`The manifest in ${buildDir} names no ${what}`);
    return value;
  };
  const page = (html: string) =>
    measureFiles(
      buildDir,
      pageAssets(readFileSync(join(buildDir, html), 'utf8')).map((ref) => resolveRef(buildDir, html, ref)),
    );
  return {
    popup: page(need(manifest.action?.default_popup, 'popup')),
    options: page(need(manifest.options_ui?.page, 'options page')),
    // The report view: a page the manifest does not name, opened as report.html?id=N.
    report: page('report.html'),
    background: measureFiles(buildDir, [need(manifest.background?.service_worker, 'service worker')]),
  };
}

/** The files a built HTML page names: module scripts, preloads, stylesheets. */
export function pageAssets(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isScript = tag[1]!.toLowerCase() === 'script';
    const rel = /\brel=["']?([^"'\s>]+)/i.exec(tag[0])?.[1]?.toLowerCase();
    if (!isScript && rel !== 'stylesheet' && rel !== 'modulepreload') continue;
    const ref = new RegExp(`\\b${isScript ? 'src' : 'href'}=["']?([^"'\\s>]+)`, 'i').exec(tag[0])?.[1];
    if (ref && !/^[a-z]+:/i.test(ref)) found.push(ref);
  }
  return found;
}

/** The static imports of a built chunk: `import … from "x"`, `import "x"`, `export … from "x"`; not `import("x")`. */
export function chunkImports(code: string): string[] {
  return [...code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g)].map((m) => m[1]!);
}

function measureFiles(buildDir: string, entries: string[]): BundleSize {
  const files: string[] = [];
  const visit = (file: string) => {
    if (files.includes(file)) return;
    if (!existsSync(join(buildDir, file))) throw new Error(`${file} is named by the build but missing from ${buildDir}`);
    files.push(file);
    if (file.endsWith('.js')) chunkImports(readFileSync(join(buildDir, file), 'utf8')).forEach((ref) => visit(resolveRef(buildDir, file, ref)));
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
  return { files, js, css, total: { raw: js.raw + css.raw, gzip: js.gzip + css.gzip } };
}

/** A reference from `from` (build-relative) as a build-relative path: `/chunks/a.js` is from the root. */
function resolveRef(buildDir: string, from: string, ref: string): string {
  const clean = ref.split(/[?#]/)[0]!;
  const absolute = clean.startsWith('/') ? join(buildDir, clean) : join(buildDir, dirname(from), clean);
  return relative(buildDir, normalize(absolute)).split('\\').join('/');
}

function sizeOf(buildDir: string, files: string[]): Size {
  const bytes = files.map((file) => readFileSync(join(buildDir, file)));
  return { raw: bytes.reduce((sum, b) => sum + b.length, 0), gzip: bytes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) };
}

/** Which of `markers` (name → text found only in that code, e.g. zod's `_zod`) a bundle's JS files contain. */
export function findMarkers(buildDir: string, bundle: BundleSize, markers: Record<string, string>): { name: string; file: string }[] {
  const found: { name: string; file: string }[] = [];
  for (const file of bundle.files.filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(buildDir, file), 'utf8');
    for (const [name, text] of Object.entries(markers)) if (code.includes(text)) found.push({ name, file });
  }
  return found;
}
