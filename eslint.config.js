// ESLint for the whole repository (`npm run lint`, run by CI; 0 warnings): typescript-eslint's
// type-checked recommended rules on every TypeScript file, the React hooks rules and jsx-a11y on
// the two React apps. Each rule turned off or narrowed says why, here.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The no-unsafe-* rules, off where values are `any` by design (each use says why). */
const anyAllowed = Object.fromEntries(
  ['member-access', 'assignment', 'call', 'argument', 'return'].map((kind) => [
    `@typescript-eslint/no-unsafe-${kind}`,
    'off',
  ]),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.tmp/**',
      '.data/**',
      'coverage/**',
      'schema/types.generated.ts',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Ports (stores, identity, mail, search) and Fastify plugins and handlers are async by contract;
      // an adapter or handler with nothing to await still returns a promise, as its callers expect.
      '@typescript-eslint/require-await': 'off',
      // JSX event handlers may be async (a click that saves): React ignores the promise, and each
      // handler catches its own failures. Everywhere else a promise where void is expected is an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `_`-prefixed names are deliberately unused (a destructured field left out, a required parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  // Plain JavaScript (the CLI's launcher, the build script, this file) runs on Node without types.
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Tests read JSON answers as `any` on purpose and say what they expect of them in assertions;
      // typing every response would restate the API's schemas by hand.
      ...anyAllowed,
      // expect(object.method).toHaveBeenCalled…, page.locator's methods passed along: never called unbound.
      '@typescript-eslint/unbound-method': 'off',
      // `answer.json() as Expected` reads as what the test expects; a type argument would say the same less plainly.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // A parsed JSON answer is `any` by nature (`json<T = any>()`), and so is a tenant edited as raw JSON.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['admin/**/*.{ts,tsx}'],
    rules: {
      // react-admin types every record as RaRecord (`[key: string]: any`) and a data provider's own
      // methods as `any`; the console's values are checked by the schema-driven forms and by the API.
      ...anyAllowed,
    },
  },
  {
    files: ['admin/**/*.{ts,tsx}', 'storefront/**/*.{ts,tsx}'],
    rules: {
      // Props and hook results declare their callbacks as methods (`onClose(): void`); they are
      // closures, destructured as React code does, never methods relying on `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['admin/**/*.{ts,tsx}', 'storefront/**/*.{ts,tsx}', 'tests/component/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['storefront/**/*.{ts,tsx}'],
    rules: {
      // Server-rendered pages read what only the browser knows (the URL's query and hash, the
      // viewport) after hydration, in an effect, so the first client render matches the server's HTML.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  { files: ['admin/**/*.tsx', 'storefront/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
);
