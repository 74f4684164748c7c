import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No module of lib/, components/ or entrypoints/ reaches itself through its imports. A cycle makes
 * the order modules start in matter (a value read before its module ran is undefined) and ties
 * features that should stand alone. Type-only imports are left out: they are gone when the code runs.
 */

const ROOT = join(__dirname, '../../..');
const FOLDERS = ['lib', 'components', 'entrypoints'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `@/lib/x` as the file it names, or null for a package. */
function resolve(specifier: string): string | null {
  if (!specifier.startsWith('@/')) return null;
  const base = join(ROOT, specifier.slice(2));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(candidate)) return candidate;
  return null;
}

/** An import that brings only types (`import type`, or every name marked `type`). */
function typesOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node))
    return node.isTypeOnly || (!!node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((e) => e.isTypeOnly));
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** Every `import … from '@/…'` and `export … from '@/…'` of a file that runs, read with the TypeScript parser. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  source.forEachChild((node) => {
    const declaration = (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && !typesOnly(node) && node;
    const specifier = declaration && declaration.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolve(specifier.text);
      if (target) found.push(target);
    }
  });
  return found;
}

/** The cycles of the graph, each as the files around it (one cycle per strongly connected part is enough to fail). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('the import graph', () => {
  it('has no cycle in lib/, components/ or entrypoints/', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(graph.size).toBeGreaterThan(50);
    const named = cyclesOf(graph).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(' → '));
    expect(named).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
