import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', '.data/', '.tools/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // A promise nobody awaits or catches fails silently; one handed where a void callback is
    // expected (an event handler, a setTimeout) does too; one returned from a `try` without `await`
    // escapes its `catch`.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // A pattern that can backtrack super-linearly turns a long input into seconds of CPU. Where the
    // rules can't judge a pattern, its input is bounded first and the bound is named in a comment.
    files: ['app/**/*.{ts,tsx}', '*.ts'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false, ignoreSticky: false }],
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    // Every e2e test fails on a page error or console error: that needs the fixture's `test`.
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './support/test': it fails a test on any page error or console error.",
            },
          ],
        },
      ],
    },
  },
  {
    // Unit test files share their worker's modules, and getEnv() reads the environment once: a file
    // that changed it would change it for whichever files ran after it. The project's `env` in
    // vitest.config.ts is the one configuration they all see.
    files: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression[left.object.object.name='process'][left.object.property.name='env']",
          message: 'Unit tests share one environment: set it in the unit project’s env (vitest.config.ts).',
        },
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='stubEnv']",
          message: 'Unit tests share one environment: set it in the unit project’s env (vitest.config.ts).',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
      },
    },
  },
)
