/**
 * ESLint rule `vigil/no-cycle`: no import cycle, type-only imports included (`import-x/no-cycle`
 * skips those by design). Each file's import that leads back to it, through any kind of import
 * (value, `import type`, `export ... from`, `import()`), is reported. The graph comes from
 * `import-graph.js`; it is rebuilt when older than a second, which keeps one lint run to about one
 * build and an editor's session up to date.
 */
import { dirname, resolve } from 'node:path';
import { cycles, importGraph } from './import-graph.js';

/** Rebuild the graph when older than this, ms. */
const MAX_AGE_MS = 1000;

let cached = { at: -Infinity, graph: new Map(), component: new Map() };

/** The import graph and, for each file on a cycle, the files of its cycle. */
function current() {
  const now = Date.now();
  if (now - cached.at > MAX_AGE_MS) {
    const graph = importGraph();
    const component = new Map();
    for (const comp of cycles(graph)) {
      const set = new Set(comp);
      for (const f of comp) component.set(f, set);
    }
    cached = { at: Date.now(), graph, component };
  }
  return cached;
}

/** The rule. */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle (type-only imports count): {{target}} leads back to this file (a cycle of {{size}} files)' },
  },
  create(context) {
    const file = resolve(context.physicalFilename);
    const { graph, component } = current();
    const comp = component.get(file);
    if (!comp) return {};
    const imports = graph.get(file) ?? new Map();
    /** Reports an import whose target is on this file's cycle. */
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const base = resolve(dirname(file), source.value).replace(/\.(m|c)?jsx?$/, '');
      for (const target of [base + '.ts', base + '.tsx', base]) {
        if (imports.has(target) && comp.has(target)) {
          context.report({ node, messageId: 'cycle', data: { target: source.value, size: String(comp.size) } });
          return;
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};

/** The project's local ESLint plugin. */
export default { meta: { name: 'vigil' }, rules: { 'no-cycle': noCycle } };
