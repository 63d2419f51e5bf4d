// The lint rule against import circles (eslint-rules/no-import-cycle.js): it finds a circle through
// files on disk, names it, counts type-only imports, stays quiet on a straight chain, is switched on
// for src/ by eslint.config.js, and src/ has no circle today.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module without types, loaded by eslint.config.js
import noImportCycle from '../../eslint-rules/no-import-cycle.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

const lintWithRule = (cwd: string, file: string) =>
  new Linter({ cwd }).verify(
    fs.readFileSync(file, 'utf8'),
    [
      {
        files: ['**/*.ts'],
        linterOptions: { reportUnusedDisableDirectives: 'off' },
        languageOptions: { parser: tseslint.parser },
        plugins: { local: { rules: { 'no-import-cycle': noImportCycle as never } } },
        rules: { 'local/no-import-cycle': ['error', { root: 'src' }] },
      },
    ],
    file,
  );

describe('local/no-import-cycle', () => {
  let dir: string | undefined;
  const write = (files: Record<string, string>) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycle-'));
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
  };
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('fails on an import that closes a circle, naming it, through files on disk and type-only imports', () => {
    write({
      'src/a/one.ts': "import { two } from '../b/two.js';\nexport const one = two + 1;\n",
      'src/b/two.ts': "import type { Three } from './three.js';\nexport const two: Three = 2;\n",
      'src/b/three.ts': "export type { One } from '../a/one.js';\nexport type Three = number;\n",
    });
    const messages = lintWithRule(dir!, path.join(dir!, 'src/a/one.ts'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'local/no-import-cycle', line: 1 });
    expect(messages[0]!.message).toContain('Import circle: src/a/one.ts → src/b/two.ts → src/b/three.ts → src/a/one.ts.');
  });

  it('counts export-from and dynamic imports, and stays quiet on a chain without a way back', () => {
    write({
      'src/one.ts': "export const load = () => import('./two.js');\n",
      'src/two.ts': "export * from './three.js';\n",
      'src/three.ts': 'export const three = 3;\n',
      'src/four.ts': "export { three } from './three.js';\nimport './one.js';\n",
    });
    for (const name of ['one', 'two', 'three', 'four']) expect(lintWithRule(dir!, path.join(dir!, `src/${name}.ts`)), name).toEqual([]);
    fs.writeFileSync(path.join(dir!, 'src/three.ts'), "import './one.js';\nexport const three = 3;\n");
    expect(lintWithRule(dir!, path.join(dir!, 'src/one.ts'))[0]?.message).toContain('src/one.ts → src/two.ts → src/three.ts → src/one.ts');
  });

  it('is on for every file of src/ in eslint.config.js (part of npm run lint)', async () => {
    const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile('src/adapters/postgres/event-store.schema.ts')) as { rules: Record<string, unknown> };
    expect(config.rules['local/no-import-cycle']).toEqual([2, { root: 'src' }]);
  });

  it('finds no circle in src/', () => {
    const files = fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => lintWithRule(ROOT, path.join(ROOT, 'src', f)).map((m) => m.message));
    expect(found).toEqual([]);
  });
});
