// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Boundaries that hold without anyone remembering them (STYLE.md): core is pure (an allow-list
 * of imports, no clock, no randomness); routes reach the database only through a service;
 * only config.ts reads the environment; web never reaches into server code; the design system
 * never imports features; a feature uses another only through its index.ts; no file over 400
 * lines. ESLint replaces a rule's options per file rather than merging them, so each block
 * below repeats the shared entries it still needs.
 */
const noAppImports = {
  group: ['**/apps/**', '@tb/server', '@tb/web'],
  message: 'Nothing imports from apps/.',
};

const noDefaultExport = { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' };

const noProcessEnv = {
  object: 'process',
  property: 'env',
  message: 'Read settings from Config (apps/server/src/config.ts); nothing else reads process.env.',
};

/**
 * The packages core may import, beside its own files. The exact-decimal maths library of
 * DESIGN.md section 7 joins this list when one is adopted; tests add their runners below.
 */
const CORE_PACKAGES = ['zod'];
const CORE_TEST_PACKAGES = [...CORE_PACKAGES, 'vitest', 'fast-check'];

/** Refuses every import that is neither relative nor one of `packages` (or a subpath of one). */
const onlyPackages = (packages) => ({
  regex: `^(?!\\.{1,2}/|(?:${packages.map((p) => p.replace(/[.]/g, '\\.')).join('|')})(?:/|$))`,
  message: `packages/core is pure: it imports only ${packages.join(', ')} and its own files.`,
});

const coreImports = (packages) => ['error', { patterns: [noAppImports, onlyPackages(packages)] }];

const serverImports = [
  { group: ['**/web/**', '@tb/web'], message: 'The server never imports web code.' },
];

/** routes -> service -> repository -> db: a route validates, calls a service and answers. */
const routeImports = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', '**/db/**'],
    message: 'Routes never touch the database: call a service.',
  },
  {
    group: ['**/*.repository', '**/*.repository.js', '**/*.repository.ts'],
    message: 'Routes never use a repository: call a service.',
  },
];

/** The exchange proxy reports orders as events; signals subscribe (no cycle between them). */
const exchangeImports = [
  {
    group: ['**/signals/*', '**/signals/**'],
    message: 'The exchange module never imports signals: emit an OrderEvent (onOrderEvent).',
  },
];

/** The server reads the time only from the app's Clock (AppDeps.now, lib/clock.ts). */
const serverClock = {
  properties: [
    {
      object: 'Date',
      property: 'now',
      message: 'Use the Clock the module was given (AppDeps.now), so tests can move time.',
    },
  ],
  syntax: [
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'Use the Clock the module was given (AppDeps.now), so tests can move time.',
    },
  ],
};

const SERVER_SOURCE = ['apps/server/src/**/*.ts'];
const SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'];
const SERVER_ENTRY_POINTS = [
  'apps/server/src/config.ts',
  'apps/server/src/server.ts',
  'apps/server/src/cli/admin.ts',
];

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
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', noDefaultExport],
      'no-restricted-properties': ['error', noProcessEnv],
      // A file over 400 lines is split (STYLE.md); comments that say why are not counted.
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.config.{js,ts,mjs}', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Where the environment may be read besides the server's config and entry points (below):
    // the standalone paper exchange's PORT and the tooling around the app (scripts, e2e,
    // bench, config files).
    files: [
      'apps/paper-exchange/src/standalone.ts',
      '**/*.config.{js,ts,mjs}',
      'e2e/**',
      'bench/**',
      'scripts/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': coreImports(CORE_PACKAGES),
      // Core is handed `now` and ids; it never reads the clock or draws random numbers.
      'no-restricted-properties': [
        'error',
        noProcessEnv,
        { object: 'Date', property: 'now', message: 'packages/core takes `now` as an argument.' },
        { object: 'Math', property: 'random', message: 'packages/core takes ids and seeds in.' },
        { object: 'performance', property: 'now', message: 'packages/core takes `now` in.' },
        { object: 'crypto', property: 'getRandomValues', message: 'packages/core takes ids in.' },
        { object: 'crypto', property: 'randomUUID', message: 'packages/core takes ids in.' },
      ],
      // No way round the bans above through the global object.
      'no-restricted-globals': [
        'error',
        { name: 'globalThis', message: 'packages/core reads nothing global.' },
        { name: 'performance', message: 'packages/core takes `now` in.' },
        { name: 'crypto', message: 'packages/core takes ids in.' },
      ],
      'no-restricted-syntax': [
        'error',
        noDefaultExport,
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'packages/core takes `now` as an argument: new Date(now), never new Date().',
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message: 'Date() reads the clock: packages/core takes `now` as an argument.',
        },
      ],
    },
  },
  {
    files: ['packages/core/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': coreImports(CORE_TEST_PACKAGES) },
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
    files: SERVER_SOURCE,
    rules: {
      'no-restricted-imports': ['error', { patterns: serverImports }],
      'no-restricted-properties': ['error', noProcessEnv, ...serverClock.properties],
      'no-restricted-syntax': ['error', noDefaultExport, ...serverClock.syntax],
    },
  },
  {
    // The entry points hand the whole environment to parseConfig.
    files: SERVER_ENTRY_POINTS,
    rules: { 'no-restricted-properties': ['error', ...serverClock.properties] },
  },
  {
    // Tests state times relative to real time; the clock itself reads it.
    files: [...SERVER_TESTS, 'apps/server/src/lib/clock.ts'],
    rules: {
      'no-restricted-properties': ['error', noProcessEnv],
      'no-restricted-syntax': ['error', noDefaultExport],
    },
  },
  {
    // The test database of the server tests (TEST_DATABASE_URL).
    files: ['apps/server/src/test/helper.ts', 'apps/server/src/test/global-setup.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/server/src/modules/exchange/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverImports, ...exchangeImports] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverImports, ...routeImports] }],
    },
  },
  {
    files: ['apps/server/src/modules/exchange/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...serverImports, ...routeImports, ...exchangeImports] },
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
