// The repository explains itself: no code comment or document sends the reader to a document that is
// not in it (a team-wide design note, a style guide, a specification, an issue tracker's "issue 4"),
// and every relative link of the Markdown documents leads to a file of the repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && /\.(ts|tsx|js|mjs|md|yml|json|html|css)$|^Dockerfile$|^\.env\.example$/.test(f))
  .filter((f) => !f.startsWith('console/dist/') && f !== 'package-lock.json' && fs.existsSync(path.join(ROOT, f)));

const SELF = path.relative(ROOT, import.meta.filename);
const OUTSIDE = [
  /DESIGN\.md/,
  /STYLE\.md/,
  /service-spec/,
  /\.\.\/shared\b/,
  /\b[Ii]ssue #?\d+/,
  // A section sign is a citation; only public standards (RFC n §x) are cited that way.
  /(?<!RFC \d+ )§/,
];

describe('references', () => {
  it('name only documents of the repository (or public standards)', () => {
    expect(files.length).toBeGreaterThan(300);
    const found: string[] = [];
    for (const file of files.filter((f) => f !== SELF)) {
      const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (OUTSIDE.some((re) => re.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('link, in Markdown, only to files of the repository that exist', () => {
    const broken: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.md'))) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
        const resolved = path.resolve(path.dirname(path.join(ROOT, file)), target!.replace(/#.*$/, ''));
        if (!resolved.startsWith(ROOT + path.sep) || !fs.existsSync(resolved)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
