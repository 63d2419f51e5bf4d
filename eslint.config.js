// Flat config: typescript-eslint's type-aware rules over src, test and bench, and the import
// directions between the folders of src (docs/architecture.md, "Folders and import directions").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Import directions: `no-restricted-imports` patterns (gitignore style, matched against the import
// path as written) per folder. The composition (src/app.ts, src/server.ts, src/cli, src/composition)
// may import anything; every other folder may only import inward.
const layer = (name) => ({ group: [`**/${name}/**`, `**/${name}`], message: `${name}/ is further out: see docs/architecture.md, "Folders and import directions".` });
const composition = [
  ...['composition', 'cli'].map(layer),
  { group: ['**/app.js', '**/server.js', '**/config.js'], message: 'The composition root (app.ts, server.ts, config.ts) is imported by nothing but itself and the CLI.' },
];
const directions = (...patterns) => ({ rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, ...composition] }] } });

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
  {
    files: ['src/domain/**'],
    ...directions(
      ...['adapters', 'http', 'projections', 'queries', 'commands', 'reactors'].map(layer),
      { group: ['knex', 'pg', 'fastify', 'fastify-plugin'], message: 'The domain is pure: no database, no HTTP (docs/architecture.md).' },
    ),
  },
  { files: ['src/lib/**'], ...directions({ group: ['../**'], message: 'lib/ holds helpers that import nothing of ours (docs/architecture.md).' }) },
  { files: ['src/commands/**'], ...directions(...['http', 'queries', 'projections', 'reactors'].map(layer)) },
  { files: ['src/queries/**'], ...directions(...['http', 'commands', 'reactors'].map(layer)) },
  { files: ['src/projections/**'], ...directions(...['http', 'commands', 'queries', 'reactors'].map(layer)) },
  { files: ['src/reactors/**'], ...directions(layer('http')) },
  {
    files: ['src/adapters/**'],
    // The one list of migrations (adapters/postgres/migrations.ts) imports the DDL modules.
    ...directions(
      ...['http', 'commands', 'queries'].map(layer),
      { group: ['**/projections/**', '!**/projections/*.schema.js'], message: 'Adapters import only the DDL (*.schema.ts) of the projections: see docs/architecture.md.' },
      { group: ['**/reactors/**', '!**/reactors/*.schema.js'], message: 'Adapters import only the DDL (*.schema.ts) of the reactors: see docs/architecture.md.' },
    ),
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
