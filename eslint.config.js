// The code's boundaries and lint rules, checked by `npm run lint` (part of `npm test`). ARCHITECTURE.md
// explains the layers these rules keep: pages and endpoints → http → domain services → db.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** The domain services under src/server: everything but storage, HTTP and start-up. */
const DOMAIN = [
  'accounts',
  'cache',
  'catalog',
  'content',
  'mail',
  'manifest',
  'media',
  'monitoring',
  'orders',
  'payments',
  'reviews',
  'search',
  'seo',
  'wishlist',
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.astro/', 'data/', 'storage/', 'test-results/', 'playwright-report/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/server/db', from: './src/server', except: ['./db'], message: 'The database layer is the bottom one: it imports no service.' },
            ...DOMAIN.map((folder) => ({ target: `./src/server/${folder}`, from: './src/pages', message: 'Services never import pages.' })),
            // The page cache keeps whole HTTP replies (encodings, ETags), so it alone may use the HTTP helpers.
            ...DOMAIN.map((folder) => ({
              target: `./src/server/${folder}`,
              from: './src/server/http',
              except: folder === 'cache' ? ['./accept-encoding.ts', './etag.ts'] : [],
              message: 'Services speak no HTTP: they throw the errors in src/server/errors.ts and the endpoints answer.',
            })),
            { target: './src/islands', from: './src/server', message: 'Islands run in the browser: they reach the server through the API.' },
            { target: './src/lib', from: './src/server', message: 'src/lib is shared with the browser: it imports nothing from the server.' },
          ],
        },
      ],
      // Storage may be full or forbidden, a beacon refused: those catches ignore the error on purpose.
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  { files: ['src/**', 'scripts/**'], rules: { 'max-lines': ['error', { max: 600 }] } },
  { files: ['src/scripts/inline/**'], languageOptions: { globals: globals.browser } },
  { files: ['*.{js,mjs,ts}', 'scripts/**', 'tests/**'], languageOptions: { globals: globals.node } },
  // Tests read untyped JSON replies and hand-made fixtures.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
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
