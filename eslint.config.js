import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.wrangler',
      'test-results',
      'playwright-report',
      'reports',
      'migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  // DESIGN.md's folder table: what each folder may import. A forbidden import fails `npm run lint`.
  ...importTable(),
);

/** One `no-restricted-imports` block per folder of DESIGN.md's table, listing the folders it may not reach. */
function importTable() {
  const folder = (name) => [`**/${name}`, `**/${name}/**`];
  const forbid = (names, why) => ({ group: names.flatMap(folder), message: why });
  const rule = (...patterns) => ({
    '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
  });
  const onlyTypes = (names, why) => ({ ...forbid(names, why), allowTypeImports: true });
  return [
    {
      files: ['game/**/*.ts'],
      rules: rule({
        group: ['../*', '../**'],
        message: 'game/ holds the rules only: it imports nothing of ours.',
      }),
    },
    {
      files: ['contract/**/*.ts'],
      rules: rule(
        forbid(['worker', 'web', 'durable-objects', 'locales'], 'contract/ imports only game/ and valibot.'),
      ),
    },
    {
      files: ['worker/**/*.ts'],
      ignores: ['worker/index.ts'],
      rules: rule(
        forbid(['web'], 'worker/ never imports the web app.'),
        onlyTypes(
          ['durable-objects'],
          'worker/ reaches a room through its binding; it imports room types only.',
        ),
      ),
    },
    {
      // Routes, auth and the renderers know a room by its records only (`gameRecord.ts`, `clashRecord.ts`,
      // ...: the persisted record and the RPC types), never by its class or its collaborators.
      files: ['worker/auth/**/*.ts', 'worker/routes/**/*.ts', 'worker/lib/resources/**/*.ts'],
      rules: rule(
        forbid(['web'], 'worker/ never imports the web app.'),
        {
          group: ['**/durable-objects/**', '!**/durable-objects/*Record'],
          message: 'routes, auth and resources know a room by its records (durable-objects/*Record.ts) only.',
        },
        {
          group: ['**/durable-objects/*Record'],
          allowTypeImports: true,
          message: 'a record is imported for its types only.',
        },
      ),
    },
    {
      files: ['worker/index.ts'],
      rules: rule(forbid(['web'], 'worker/ never imports the web app.')),
    },
    {
      files: ['durable-objects/**/*.ts'],
      rules: rule(
        forbid(
          ['web', 'locales', 'worker/routes', 'worker/auth', 'worker/index'],
          'durable-objects/ imports game/, contract/, worker/db and worker/lib only.',
        ),
      ),
    },
    {
      files: ['web/**/*.{ts,tsx}'],
      rules: rule(
        forbid(
          ['worker', 'durable-objects'],
          'web/ talks to the server over HTTP: it imports game/, contract/ and locales/ only.',
        ),
      ),
    },
    {
      // The block above again, for web/api/: the flat config keeps only the last block's patterns.
      files: ['web/api/**/*.{ts,tsx}'],
      rules: rule(
        forbid(
          ['worker', 'durable-objects'],
          'web/ talks to the server over HTTP: it imports game/, contract/ and locales/ only.',
        ),
        forbid(
          ['components'],
          'web/api/ is the client of the server: components use it, never the other way.',
        ),
      ),
    },
  ];
}
