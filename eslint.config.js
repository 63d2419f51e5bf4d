// Flat config: typescript-eslint's type-aware rules over src, test and bench, and the import
// directions between the folders of src (docs/architecture.md, "Folders and import directions").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Import directions: `no-restricted-imports` patterns (gitignore style, matched against the import
// path as written) per folder. The composition (src/app.ts, src/server.ts, src/config.ts, src/cli,
// src/composition) may import anything; the other folders import only what the table in
// docs/architecture.md allows, and never the composition.
const see = 'see docs/architecture.md, "Folders and import directions"';
const folder = (from, name) => ({ group: [`**/${name}/**`, `**/${name}`], message: `${from}/ does not import ${name}/: ${see}.` });
const directions = (from, forbidden, ...extra) => ({
  files: [`src/${from}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...[...forbidden, 'composition', 'cli'].map((name) => folder(from, name)),
          { group: ['**/app.js', '**/server.js', '**/config.js'], message: `${from}/ does not import the composition root (app.ts, server.ts, config.ts): ${see}.` },
          ...extra,
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.sprintguard/', 'test-output/', 'bin/', 'eslint.config.js'] },
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
  directions('domain', ['adapters', 'http', 'projections', 'queries', 'commands', 'reactors'], { group: ['knex', 'pg', 'fastify', 'fastify-plugin'], message: `domain/ is pure: no database, no HTTP; ${see}.` }),
  directions('lib', [], { group: ['../**'], message: `lib/ holds helpers that import nothing of ours: ${see}.` }),
  directions('commands', ['http', 'queries', 'projections', 'reactors']),
  directions('queries', ['http', 'commands', 'reactors']),
  directions('projections', ['http', 'commands', 'queries', 'reactors']),
  directions('reactors', ['http']),
  // The one list of migrations (adapters/postgres/migrations.ts) imports the DDL modules, and only them.
  directions(
    'adapters',
    ['http', 'commands', 'queries'],
    { group: ['**/projections/**', '!**/projections/*.schema.js'], message: `adapters/ imports only the DDL (*.schema.ts) of projections/: ${see}.` },
    { group: ['**/reactors/**', '!**/reactors/*.schema.js'], message: `adapters/ imports only the DDL (*.schema.ts) of reactors/: ${see}.` },
  ),
  {
    files: ['test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
