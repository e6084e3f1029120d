import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** One runner for every unit, route and component test; e2e runs with Playwright. */
export default defineConfig({
  resolve: {
    alias: {
      '@tb/core': src('./packages/core/src/index.ts'),
      '@tb/hyperliquid': src('./packages/hyperliquid/src/index.ts'),
      '@tb/paper-exchange': src('./apps/paper-exchange/src/index.ts'),
    },
  },
  test: {
    // A forgotten `.only` would silently skip the rest of the suite: it fails the run instead.
    allowOnly: false,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
    // where the server files mostly wait on PGlite and PostgreSQL. Two workers: 6.6 min instead
    // of 9 for the whole suite with PostgreSQL (measured 2026-11-24).
    maxWorkers: 2,
    // Node projects share their modules across the files of a worker (`isolate: false`): each
    // file importing the whole server again cost about 0.3 s (core) to 3 s (server) a file.
    // Their code keeps no state between tests but what a test makes (apps, databases, clocks);
    // the server's test databases are reused through test/helper.ts. The web project shares
    // too, and loads the app's own modules afresh for each file (src/test/fresh-modules.ts):
    // its stores and session are module state. 107 s → 32 s for the web project.
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          root: 'packages/core',
          environment: 'node',
          isolate: false,
          include: ['src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'hyperliquid',
          root: 'packages/hyperliquid',
          environment: 'node',
          isolate: false,
          include: ['src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'paper-exchange',
          root: 'apps/paper-exchange',
          environment: 'node',
          isolate: false,
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          isolate: false,
          include: ['src/**/*.test.ts'],
          // The migrated databases every test file copies (src/test/database-templates.ts).
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-build',
          root: 'apps/web',
          environment: 'node',
          include: ['build/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: 'apps/web',
          alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
          environment: 'jsdom',
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          // A bound, not a speed check: a long journey in jsdom took over 5 s (the default) on
          // this 2-core machine while the server tests ran beside it.
          testTimeout: 30_000,
          setupFiles: ['./src/test/fresh-modules.ts', './src/test/setup.ts'],
        },
      },
    ],
  },
});
