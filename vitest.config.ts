import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const coreSrc = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));

/** One runner for every unit, route and component test; e2e runs with Playwright. */
export default defineConfig({
  resolve: { alias: { '@tb/core': coreSrc } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          root: 'packages/core',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: 'apps/web',
          alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
