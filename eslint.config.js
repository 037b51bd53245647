// Lint rules, checked by `npm run lint` (part of `npm test`): the recommended ones, no source file over 600
// lines, pages never reaching the database, and the environment read only by src/server/config.ts. The layers' import rules are in .dependency-cruiser.cjs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.astro/', 'data/', 'storage/', 'test-results/', 'playwright-report/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    rules: {
      // Storage may be full or forbidden, a beacon refused: those catches ignore the error on purpose.
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  { files: ['src/**', 'scripts/**', 'tests/**'], rules: { 'max-lines': ['error', { max: 600 }] } },
  { files: ['src/scripts/inline/**'], languageOptions: { globals: globals.browser } },
  { files: ['*.{js,cjs,mjs,ts}', '.dependency-cruiser.cjs', 'scripts/**', 'tests/**'], languageOptions: { globals: globals.node } },
  // Tests read untyped JSON replies and hand-made fixtures.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['src/**'],
    ignores: ['src/server/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from `config` in src/server/config.ts, which checks every variable once at start.' },
      ],
    },
  },
  {
    files: ['src/pages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['~/server/db/*', '**/server/db/*'], message: 'Pages use the services, never the database.' }] },
      ],
    },
  },
);
