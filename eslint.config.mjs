// Lint: typescript-eslint's recommended rules, the lib/ boundary (STYLE.md §1: nothing under lib/
// imports React, Next, zustand's React bindings or the DOM window) and lib/'s layers (LAYERS).
// Import cycles are checked by madge in `npm run lint` (eslint-plugin-import-x's native resolver bindings break `npm ci` from our lock).
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** What lib/ code may import: no React, Next, zustand's React bindings or the app (STYLE.md §1). */
const PURE_PATHS = [
  'react',
  'react-dom',
  'next',
  {
    name: 'zustand',
    message: "zustand's root entry brings its React bindings: use zustand/vanilla in lib/.",
  },
];
const PURE_PATTERNS = [
  {
    group: ['next/*', 'react/*', 'react-dom/*'],
    message: 'lib/ is pure TypeScript: no React or Next.',
  },
  {
    group: ['zustand/*', '!zustand/vanilla'],
    message: 'lib/ uses zustand/vanilla only: no React bindings.',
  },
  { group: ['**/components/*', '**/app/*'], message: 'lib/ never imports the app.' },
];

/**
 * The folders of lib/ and the ones each may import, lowest first. The worker never imports the
 * page's store (lib/state): it answers the page through its protocol, and the store keeps answers.
 */
const LAYERS = {
  model: [],
  text: ['model'],
  messages: ['model', 'text'],
  pricing: ['model'],
  tokens: ['model', 'messages', 'pricing'],
  strategies: ['model', 'text', 'messages', 'tokens'],
  simulate: ['model', 'messages', 'pricing', 'tokens', 'strategies'],
  compare: ['model', 'messages', 'tokens', 'strategies', 'simulate'],
  charts: ['model', 'tokens', 'simulate', 'compare'],
  format: ['model'],
  import: ['model', 'text', 'format'],
  library: ['model'],
  // Many runs: the overview's rows and a fleet's comparison summed up and paired (the CLI's
  // `compare`); the worker answers the overview from it.
  fleet: ['model', 'messages', 'pricing', 'tokens', 'strategies', 'simulate', 'compare'],
  state: ['model', 'messages', 'pricing', 'tokens', 'simulate', 'compare'],
  worker: [
    'model',
    'messages',
    'pricing',
    'tokens',
    'strategies',
    'simulate',
    'compare',
    'fleet',
    'format',
    'import',
    'library',
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.next/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '**/*.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { '@next/next': nextPlugin },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
    },
  },
  // Buttons and selects come from the UI kit (STYLE.md §6), which gives them their focus ring,
  // keyboard and roles; only the kit itself writes the raw elements.
  {
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    ignores: ['components/ui/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='button']",
          message:
            'Use the UI kit: Button (its variants), IconButton, SortButton or Segmented from components/ui/.',
        },
        {
          selector: "JSXOpeningElement[name.name='select']",
          message:
            "Use the UI kit's Select (components/ui/select.tsx), or NativeSelect where the browser's own control is wanted.",
        },
      ],
    },
  },
  {
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: PURE_PATHS, patterns: PURE_PATTERNS }],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'lib/ runs in workers and Node too: no window.' },
        'document',
      ],
    },
  },
  // lib/ is one-way: each folder imports only the folders below it (LAYERS). Tests are consumers
  // and may reach any folder (fixtures are read through lib/import).
  ...Object.entries(LAYERS).map(([folder, below]) => ({
    files: [`lib/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: PURE_PATHS,
          patterns: [
            ...PURE_PATTERNS,
            ...Object.keys(LAYERS)
              .filter((other) => other !== folder && !below.includes(other))
              .map((other) => ({
                group: [`../${other}`, `../${other}/*`],
                message: `lib/${folder} sits below lib/${other}: it imports ${below.length ? `only ${below.map((b) => `lib/${b}`).join(', ')}` : 'nothing else in lib/'} (LAYERS in eslint.config.mjs).`,
              })),
          ],
        },
      ],
    },
  })),
);
