import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The package's files import downward only (errors.ts and types.ts at the bottom, mapping/*
 * on them, the exchange-client.ts interfaces on types.ts, implementations above): no import
 * cycle, type-only imports included, so no file needs another that needs it back.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

/** Every .ts file of the package under src/, tests left out, as paths relative to src/. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const source = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts');
    return source ? [relative(SRC, path)] : [];
  });
}

/**
 * The module specifiers a file names: `import` and `import type`, `export ... from`,
 * `import('...')` calls and `import('...')` types.
 */
function specifiers(text: string): string[] {
  const file = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      literal(node.moduleSpecifier);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      literal(node.argument.literal);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      literal(node.arguments[0]);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      literal(node.moduleReference.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The file a relative specifier names: './x.js' is x.ts (the package's NodeNext imports). */
function target(from: string, specifier: string): string {
  const path = relative(SRC, resolve(SRC, dirname(from), specifier));
  return path.replace(/\.js$/, '.ts');
}

/** Each file's relative imports, as paths relative to src/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const text = readFileSync(join(SRC, file), 'utf8');
    const relativeOnes = specifiers(text).filter((s) => s.startsWith('./') || s.startsWith('../'));
    graph.set(
      file,
      relativeOnes.map((s) => target(file, s)),
    );
  }
  return graph;
}

/** A cycle of the graph as the files along it, first one repeated at the end; null if none. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const walk = (file: string): string[] | null => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    path.push(file);
    onPath.add(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = walk(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const file of [...graph.keys()].sort()) {
    const cycle = walk(file);
    if (cycle) return cycle;
  }
  return null;
}

describe('import graph of packages/hyperliquid/src', () => {
  it('finds a cycle when there is one, type-only imports included', () => {
    expect(
      specifiers(
        "import type {\n  A,\n} from './a.js';\nexport { b } from '../b.js';\ntype C = import('./c.js').C;",
      ),
    ).toEqual(['./a.js', '../b.js', './c.js']);
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['mapping/c.ts']],
      ['mapping/c.ts', ['a.ts']],
      ['d.ts', []],
    ]);
    expect(findCycle(graph)).toEqual(['a.ts', 'b.ts', 'mapping/c.ts', 'a.ts']);
    expect(findCycle(new Map([['a.ts', ['b.ts']]]))).toBeNull();
  });

  it('reads the files of the package and the files they import', () => {
    const graph = importGraph();
    expect(graph.get('index.ts')).toContain('hyperliquid-exchange.ts');
    expect(graph.has('account.test.ts')).toBe(false);
    for (const [file, imports] of graph) {
      for (const imported of imports) {
        expect(graph.has(imported), `${file} imports ${imported}, which is not a file`).toBe(true);
      }
    }
  });

  it('has no import cycle', () => {
    const cycle = findCycle(importGraph());
    expect(cycle, `import cycle: ${cycle?.join(' → ')}`).toBeNull();
  });
});
