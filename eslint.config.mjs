// Lint: typescript-eslint's recommended rules and the lib/ boundary (STYLE.md §1: nothing under lib/
// imports React, Next, zustand's React bindings or the DOM window). Import cycles are checked by madge
// in `npm run lint` (eslint-plugin-import-x's native resolver bindings break `npm ci` from our lock).
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
  {
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'react',
            'react-dom',
            'next',
            {
              name: 'zustand',
              message:
                "zustand's root entry brings its React bindings: use zustand/vanilla in lib/.",
            },
          ],
          patterns: [
            {
              group: ['next/*', 'react/*', 'react-dom/*'],
              message: 'lib/ is pure TypeScript: no React or Next.',
            },
            {
              group: ['zustand/*', '!zustand/vanilla'],
              message: 'lib/ uses zustand/vanilla only: no React bindings.',
            },
            { group: ['**/components/*', '**/app/*'], message: 'lib/ never imports the app.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'lib/ runs in workers and Node too: no window.' },
        'document',
      ],
    },
  },
);
