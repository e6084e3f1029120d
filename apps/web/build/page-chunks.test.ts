import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { planFromOutput } from './page-chunks';

/** An output chunk of the first build: its file, its modules and the chunks it imports. */
function chunk(
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  isEntry = false,
): Rolldown.OutputChunk {
  return { type: 'chunk', fileName, moduleIds, imports, isEntry } as Rolldown.OutputChunk;
}

// Rolldown's default splitting of an entry, two lazy pages and what they share.
const output = [
  chunk('index.js', ['/src/main.tsx', '/src/app.tsx'], ['react.js', 'session.js'], true),
  chunk('react.js', ['/nm/react-dom.js']),
  chunk('session.js', ['/src/lib/session.ts']),
  chunk('bingo.js', ['/src/features/bingo/index.ts'], ['dashboard.js', 'react.js']),
  chunk('dashboard.js', ['/src/features/dashboard/page.tsx'], ['schemas.js', 'session.js']),
  chunk('schemas.js', ['/nm/zod.js', '/core/schemas.ts']),
  chunk('analytics.js', ['/src/features/analytics/index.ts'], ['schemas.js', 'uplot.js']),
  chunk('uplot.js', ['/nm/uplot.js']),
];

describe('planFromOutput', () => {
  const plan = planFromOutput(output, [{ module: '/src/features/bingo/index.ts', name: 'bingo' }]);

  it('puts every module the entry loads, directly or not, in the shell', () => {
    for (const id of ['/src/main.tsx', '/src/app.tsx', '/nm/react-dom.js', '/src/lib/session.ts']) {
      expect(plan.get(id)).toBe('shell');
    }
  });

  it('puts what a page loads beyond the shell in its own group, shared modules included', () => {
    for (const id of [
      '/src/features/bingo/index.ts',
      '/src/features/dashboard/page.tsx',
      '/nm/zod.js',
      '/core/schemas.ts',
    ]) {
      expect(plan.get(id)).toBe('bingo');
    }
  });

  it('leaves the modules of other pages to the default splitting', () => {
    expect(plan.get('/src/features/analytics/index.ts')).toBeUndefined();
    expect(plan.get('/nm/uplot.js')).toBeUndefined();
  });

  it('refuses a page no chunk holds, and a build without an entry', () => {
    expect(() => planFromOutput(output, [{ module: '/src/nowhere.ts', name: 'x' }])).toThrow(
      /no chunk holds \/src\/nowhere.ts/,
    );
    expect(() => planFromOutput(output.slice(1), [])).toThrow(/no entry chunk/);
  });
});
