// ESLint for the web app, its service worker, the browser tests and the Node scripts: `npm run lint`,
// which scripts/test.sh runs after the type check.
//
// typescript-eslint's parser needs TypeScript's JavaScript API, which TypeScript 7 (the `tsc`
// that type-checks this code) does not have yet. package.json therefore installs TypeScript's
// side-by-side pair: `typescript` is @typescript/typescript6 (the API, for this parser) and
// @typescript/native is TypeScript 7 (the `tsc` command). Drop the alias once typescript-eslint
// reads TypeScript 7.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // wasm-bindgen's output (scripts/build-engine.sh).
  { ignores: ['web/src/wasm/'] },
  // Rules are switched here, never in the code: no eslint-disable comments.
  { linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The build fills __PRECACHE__ in (vite.config.ts, the `offline` plugin).
  { files: ['web/sw/**/*.js'], languageOptions: { globals: { ...globals.serviceworker, __PRECACHE__: 'readonly' } } },
  { files: ['e2e/**/*.ts', 'eslint.config.js'], languageOptions: { globals: globals.node } },
  // The Node scripts (benchmarks, the paper reproductions, the static server).
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: globals.node } },
  // bench-ui.mjs also runs functions in the page (Playwright's page.evaluate), where `window` is defined.
  { files: ['scripts/bench-ui.mjs'], languageOptions: { globals: globals.browser } },
  {
    rules: {
      // Prettier (.prettierrc) wraps code at 120 columns; what it cannot break (a string, a comment,
      // a regular expression) is broken by hand, and no line goes past 150.
      'max-len': ['error', { code: 150 }],
      // A field destructured beside a rest element is left out of the copy on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
);
