// One lint gate for the whole repository; `npm test` fails on any error. Formatting is Prettier's job
// (`npm run format`), so the rules that would fight it are off.
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '.cache/**', 'bench/results/**', 'release/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  comments.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'vitest.config.ts',
            'packages/protocol/vitest.config.ts',
            'packages/server/vitest.config.ts',
            'scripts/*.d.mts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A disabled rule says why on the same line: `// eslint-disable-next-line rule -- reason`.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The store interfaces are asynchronous so that a networked backend fits them; the embedded one
      // implements them with synchronous calls inside async methods on purpose.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON answers (typed any) and assert on them with expect, which checks the values.
    files: ['**/*.test.{ts,tsx}', 'packages/*/test/**/*.ts', 'packages/web/e2e/**/*.ts', 'packages/web/src/testing/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The request paths of the server. On Node 20, `{ ...a, b }` and `{ ...a, ...b }` build slow objects
    // that outlive the young generation (measured: a publish promoted 4 KB to the old generation through
    // three of them, and major collections paused the event loop for 5-8 ms); build them field by field or
    // with Object.assign.
    files: [
      'packages/server/src/core/config/**/*.ts',
      'packages/server/src/core/naming/**/*.ts',
      'packages/server/src/storage/sqlite/**/*.ts',
      'packages/server/src/storage/postgres/**/*.ts',
      'packages/server/src/adapters/http-v1/**/*.ts',
      'packages/server/src/adapters/grpc-v2/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ObjectExpression[properties.length>1][properties.0.type='SpreadElement']",
          message:
            'A spread followed by more properties is slow on Node 20: build the object field by field or with Object.assign.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}', 'packages/web/e2e/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // i18next's `t` and antd's form callbacks are bound functions that their types declare as methods.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  prettier,
);
