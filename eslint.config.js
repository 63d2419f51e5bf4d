// Flat config: typescript-eslint's type-aware rules over src, test and bench, the import
// directions between the folders of src and no import circle in src (docs/architecture.md,
// "Folders and import directions").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import noImportCycle from './eslint-rules/no-import-cycle.js';

// Import directions: `no-restricted-imports` per folder, each pattern a regular expression over the
// import path as written (relative imports only, so `node:http` or `outbound-http/` never match a
// folder named `http`). The composition (src/app.ts, src/server.ts, src/config.ts, src/cli,
// src/composition) may import anything; the other folders import only what the table in
// docs/architecture.md allows, and never the composition.
const see = 'see docs/architecture.md, "Folders and import directions"';
const inFolder = (name, rest = '') => `^\\.{1,2}/(?:.*/)?${name}(?:/${rest}|$)`;
const folder = (from, name) => ({ regex: inFolder(name), message: `${from}/ does not import ${name}/: ${see}.` });
const directions = (from, forbidden, ...extra) => ({
  files: [`src/${from}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...[...forbidden, 'composition', 'cli'].map((name) => (typeof name === 'string' ? folder(from, name) : name)),
          { regex: '^\\.{1,2}/(?:.*/)?(?:app|server|config)\\.js$', message: `${from}/ does not import the composition root (app.ts, server.ts, config.ts): ${see}.` },
          ...extra,
        ],
      },
    ],
  },
});
// Of another folder, only its DDL modules (`*.schema.ts`).
const onlyDdl = (from, name) => ({ regex: inFolder(name, '(?!.*\\.schema\\.js$)'), message: `${from} imports only the DDL (*.schema.ts) of ${name}/: ${see}.` });

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.sprintguard/', 'test-output/', 'bin/', 'eslint.config.js', 'console/dist/', 'console/scripts/build-on-install.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
    },
  },
  // Any circle of relative imports in src, type-only imports included (eslint-rules/no-import-cycle.js).
  {
    files: ['src/**/*.ts'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'local/no-import-cycle': ['error', { root: 'src' }] },
  },
  // Every PostgreSQL connection is made in database.ts (src/adapters/README.md): elsewhere in src,
  // pg and knex are imported for their types only.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/adapters/postgres/database.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[importKind='value'][source.value=/^(pg|knex)$/]",
          message: 'PostgreSQL connections are made in src/adapters/postgres/database.ts only (src/adapters/README.md): import pg and knex as types here (`import type`).',
        },
      ],
    },
  },
  // The rule itself is plain JavaScript outside the TypeScript project.
  { files: ['eslint-rules/**'], ...tseslint.configs.disableTypeChecked },
  directions('domain', ['adapters', 'http', 'projections', 'queries', 'commands', 'reactors'], { regex: '^(?:knex|pg|fastify|fastify-plugin)(?:/|$)', message: `domain/ is pure: no database, no HTTP; ${see}.` }),
  directions('lib', [], { regex: '^\\.\\./', message: `lib/ holds helpers that import nothing of ours: ${see}.` }),
  directions('commands', ['http', 'queries', 'projections', 'reactors']),
  // The API's schemas (http/schemas/) are the source of the read models' views.
  directions('queries', ['commands', 'reactors', { regex: inFolder('http', '(?!schemas/)'), message: `queries/ imports only http/schemas/ of http/: ${see}.` }]),
  directions('projections', ['http', 'commands', 'queries', 'reactors']),
  directions('reactors', ['http']),
  directions('adapters', ['http', 'commands', 'queries', 'projections', 'reactors']),
  // The one list of every table imports the DDL modules of the other folders, and only them.
  {
    ...directions('adapters', [], ...['http', 'commands', 'queries', 'projections', 'reactors'].map((name) => onlyDdl('adapters/postgres/migrations.ts', name))),
    files: ['src/adapters/postgres/migrations.ts'],
  },
  {
    files: ['test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
