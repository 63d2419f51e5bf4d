// ESLint rule `local/no-import-cycle`: an import that closes a circle of relative imports fails the
// lint, naming the circle (docs/architecture.md, "Folders and import directions"). Type-only imports
// count too: a circle of types is still two modules that cannot be understood or moved apart.
//
// The rule sees the whole graph of `root` (option; default `src`): the linted file's imports come
// from its AST (so an unsaved edit counts), every other file's from disk through TypeScript's
// pre-processor (imports, `export … from` and `import()`), cached by modification time so a long
// editor session stays current while a CLI run parses each file once.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.(?:ts|mts|cts)$/;

/** @type {Map<string, {mtimeMs: number, specifiers: string[]}>} */
const parsed = new Map();

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (SOURCE.test(entry.name) && !DECLARATION.test(entry.name)) out.push(full);
  }
  return out;
}

function specifiersOnDisk(file) {
  const { mtimeMs } = fs.statSync(file);
  const cached = parsed.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.specifiers;
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const specifiers = info.importedFiles.map((f) => f.fileName);
  parsed.set(file, { mtimeMs, specifiers });
  return specifiers;
}

/** The file a relative specifier names (NodeNext writes `./x.js` for `./x.ts`), or undefined. */
function resolve(from, specifier, files) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, base.replace(/\.(m|c)?js$/, '.$1ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, path.join(base, 'index.ts')];
  return candidates.find((c) => files.has(c));
}

/** A path of imports from `start` back to `target` (both included), or undefined. */
function pathBack(start, target, edgesOf) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of edgesOf(node)) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      if (next === target) {
        const route = [];
        for (let n = next; n !== undefined; n = previous.get(n)) route.unshift(n);
        return route;
      }
      queue.push(next);
    }
  }
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles between the modules of a source folder' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { cycle: 'Import circle: {{route}}. Move what both sides need into a module of its own (docs/architecture.md, "Folders and import directions").' },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0]?.root ?? 'src');
    const self = path.resolve(context.filename);
    if (!self.startsWith(root + path.sep)) return {};
    const files = new Set(sourceFiles(root));
    files.add(self);
    const edges = new Map();
    const edgesOf = (file) => {
      if (!edges.has(file)) {
        const targets = file === self ? [] : specifiersOnDisk(file).map((s) => resolve(file, s, files)).filter(Boolean);
        edges.set(file, targets);
      }
      return edges.get(file);
    };
    edges.set(self, []);
    const imports = [];
    const collect = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolve(self, source.value, files);
      if (target === undefined) return;
      edges.get(self).push(target);
      imports.push({ node: source, target });
    };
    const relative = (file) => path.relative(context.cwd, file).split(path.sep).join('/');
    return {
      ImportDeclaration: collect,
      ExportAllDeclaration: collect,
      ExportNamedDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        for (const { node, target } of imports) {
          const back = target === self ? [self] : pathBack(target, self, edgesOf);
          if (back) context.report({ node, messageId: 'cycle', data: { route: [self, ...back].map(relative).join(' → ') } });
        }
      },
    };
  },
};
