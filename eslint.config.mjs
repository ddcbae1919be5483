import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // The replay viewer's browser modules: plain ES modules with the browser's globals.
  {
    files: ['src/viewer/assets/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'location',
          'history',
          'fetch',
          'Node',
          'HTMLElement',
          'FormData',
          'URLSearchParams',
          'URL',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'console',
        ].map((n) => [n, 'readonly']),
      ),
    },
  },
  // The board, overlay, desk, enrolment and table pages' browser modules.
  {
    files: ['src/board/assets/**/*.js', 'src/desk/assets/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(
        [
          'document',
          'location',
          'history',
          'navigator',
          'fetch',
          'crypto',
          'Node',
          'DOMParser',
          'URLSearchParams',
          'URL',
          'CSS',
          'localStorage',
          'sessionStorage',
          'setTimeout',
          'globalThis',
        ].map((n) => [n, 'readonly']),
      ),
    },
  },
  // Size caps for the code (tests are exempt): files short enough to read, functions short enough to name.
  {
    files: ['src/**/*.ts', 'src/**/*.js', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'max-lines': ['error', 300],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // Purity and layering of src/ are checked by dependency-cruiser (.dependency-cruiser.cjs).
);
