// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (STYLE.md): core is pure; web never reaches into server code; the design
 * system never imports features; a feature uses another only through its index.ts.
 */
const noAppImports = {
  group: ['**/apps/**', '@tb/server', '@tb/web'],
  message: 'Nothing imports from apps/.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' },
      ],
    },
  },
  {
    files: ['**/*.config.{js,ts,mjs}', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['node:*', 'fs', 'path', 'http', 'crypto'],
              message: 'packages/core is pure: no I/O.',
            },
            {
              group: ['react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'packages/core has no framework imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/hyperliquid/src/**/*.ts', 'apps/paper-exchange/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['react', 'react-*', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Exchange packages know nothing of the web app or the database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '@tb/web'], message: 'The server never imports web code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@tb/server', 'node:*'],
              message: 'Web never imports server or Node code.',
            },
            { group: ['../../*'], message: 'Import across folders with the @/ alias.' },
            {
              group: ['@/features/*/*'],
              message: 'Use another feature only through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'The design system never imports features.',
            },
          ],
        },
      ],
    },
  },
);
