import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import tseslint from 'typescript-eslint'

// Layers, lowest first: a module may import its own layer or a lower one, types aside
// (scripts/check-layers.mjs checks the same on resolved paths, relative imports included).
const FEATURES = 'enquiries|chat|orders|catalogue|staff|analytics'
const ABOVE = {
  domain: `lib|integrations|${FEATURES}|components|routes|server|page-cache`,
  lib: `integrations|${FEATURES}|components|routes|server|page-cache`,
  integrations: `${FEATURES}|components|routes|server|page-cache`,
  features: 'components|routes|server|page-cache',
  components: 'routes|server|page-cache',
  routes: 'server|page-cache',
}
const layerRule = (above) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          // Two modules in server/ are placed lower until they are replaced (see scripts/check-layers.mjs).
          regex: `^#app/(((${above})/)|root$|routes$|entry\\.)(?!one-per-process$|island-data\\.server$)`,
          allowTypeImports: true,
          message:
            'A module imports only its own layer or a lower one: domain < lib < integrations < features < components < routes < server.',
        },
      ],
    },
  ],
})
const layerRules = [
  { files: ['app/domain/**/*.{ts,tsx}'], rules: layerRule(ABOVE.domain) },
  { files: ['app/lib/**/*.{ts,tsx}'], rules: layerRule(ABOVE.lib) },
  { files: ['app/integrations/**/*.{ts,tsx}'], rules: layerRule(ABOVE.integrations) },
  { files: [`app/{${FEATURES.replaceAll('|', ',')}}/**/*.{ts,tsx}`], rules: layerRule(ABOVE.features) },
  { files: ['app/components/**/*.{ts,tsx}'], rules: layerRule(ABOVE.components) },
  { files: ['app/routes/**/*.{ts,tsx}', 'app/root.tsx', 'app/routes.ts'], rules: layerRule(ABOVE.routes) },
]

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
  ...layerRules,
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
    files: ['scripts/**/*.mjs', '*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
)
