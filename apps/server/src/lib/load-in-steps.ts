import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Start-up without long event-loop blocks (issue 28): Node evaluates a module graph in one
 * synchronous step, so the app's graph imported at once held the loop 500 ms and more. Here the
 * graph is loaded piece by piece, each piece in a turn of the event loop of its own; a later
 * import of the whole finds its pieces evaluated already and costs little. A piece that cannot
 * be loaded is skipped: the import that needs it fails there, with its own error.
 */

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Imports each specifier (resolved from this server's modules) in a turn of its own. */
export async function loadInSteps(specifiers: readonly string[]): Promise<void> {
  for (const specifier of specifiers) {
    await import(specifier).catch(() => undefined);
    await turn();
  }
}

/**
 * Requires a package's own dependencies (its package.json's), each from the package's place and
 * in a turn of its own, then imports the package: a CommonJS package (fastify and its plugins)
 * is loaded in one synchronous step with everything it requires.
 */
export async function loadPackageInSteps(name: string): Promise<void> {
  let entry: string;
  try {
    entry = fileURLToPath(import.meta.resolve(name));
  } catch {
    return;
  }
  const requireHere = createRequire(entry);
  for (const dependency of dependenciesOf(entry)) {
    try {
      requireHere(dependency);
    } catch {
      // Not loadable that way (an ESM-only package in an older Node): the package loads it.
    }
    await turn();
  }
  await loadInSteps([name]);
}

/** The dependencies of the package a file belongs to (the nearest package.json with a name). */
export function dependenciesOf(file: string): string[] {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const path = join(dir, 'package.json');
    if (!existsSync(path)) continue;
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as {
      name?: string;
      dependencies?: Record<string, string>;
    };
    if (manifest.name) return Object.keys(manifest.dependencies ?? {});
  }
  return [];
}

/**
 * Imports what a module imports (its static `import` and `export ... from` statements, the
 * first level), each in a turn of its own, then the module itself. `module` is a specifier
 * resolved from here, e.g. a package or `new URL('../app.js', import.meta.url).href`.
 */
export async function loadModuleInSteps(module: string): Promise<void> {
  let url: URL;
  let source: string;
  try {
    url = new URL(import.meta.resolve(module));
    source = readFileSync(fileURLToPath(url), 'utf8');
  } catch {
    return; // run from the sources (tsx): nothing to read ahead, the import loads it all
  }
  const imports = staticImports(source).map((s) => (s.startsWith('.') ? new URL(s, url).href : s));
  await loadInSteps([...imports, url.href]);
}

/** The specifiers of a compiled module's static imports and re-exports, in order. */
export function staticImports(source: string): string[] {
  const found: string[] = [];
  // `import a, { b } from`, `import * as c from`, `export { d } from`, `export * from`; `import 'e'`.
  const statements =
    /^(?:import|export)\s+(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)?\s*from\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(statements)) {
    const specifier = match[1] ?? match[2]!;
    if (!found.includes(specifier)) found.push(specifier);
  }
  return found;
}
