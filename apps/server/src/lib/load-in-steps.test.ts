import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import {
  dependenciesOf,
  loadModuleInSteps,
  loadPackageInSteps,
  staticImports,
} from './load-in-steps.js';

describe('staticImports', () => {
  it('finds the imports and re-exports of a compiled module, in order, once each', () => {
    const source = [
      "import { a } from './a.js';",
      'import {',
      '  b,',
      '  c,',
      "} from 'pkg/b';",
      "import 'side-effect';",
      "export * from './d.js';",
      "export { e } from './a.js';",
      'export const text = "x from \'./not-an-import.js\'";',
      "const later = await import('./dynamic.js');",
    ].join('\n');
    expect(staticImports(source)).toEqual(['./a.js', 'pkg/b', 'side-effect', './d.js']);
  });
});

describe('loadModuleInSteps', () => {
  it('loads a module and what it imports; one it cannot find is left to its importer', async () => {
    await loadModuleInSteps(new URL('./ids.js', import.meta.url).href);
    await expect(loadModuleInSteps('no-such-package-here')).resolves.toBeUndefined();
  });
});

describe('loadPackageInSteps', () => {
  it("knows a package's dependencies from the file it resolves to", () => {
    const entry = createRequire(import.meta.url).resolve('pg');
    const manifest = createRequire(entry)('../package.json') as {
      dependencies: Record<string, string>;
    };
    expect(dependenciesOf(entry)).toEqual(Object.keys(manifest.dependencies));
    expect(dependenciesOf(entry)).toContain('pg-types');
  });

  it('loads a package it finds, and skips one it cannot find', async () => {
    await expect(loadPackageInSteps('pg')).resolves.toBeUndefined();
    await expect(loadPackageInSteps('no-such-package-here')).resolves.toBeUndefined();
  });
});
