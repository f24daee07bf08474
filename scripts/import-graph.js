#!/usr/bin/env node
/**
 * The project's import graph, every import counted: value, `import type`, `export ... from` and
 * `import()`. TypeScript's own pre-processor reads each file's imports (no type checking), so a
 * type-only cycle, which `import-x/no-cycle` skips by design, is a cycle here.
 *
 * Run directly (`node scripts/import-graph.js`) it prints every import cycle (as the strongly
 * connected components of the graph) and every import that breaks the layering
 * (ingest <- memory <- planner <- edge), and exits 1 when there is any. `eslint.config.js` uses the
 * same graph for its `vigil/no-cycle` rule.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Project root (the directory above `scripts/`). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Directories whose TypeScript files make up the graph. */
const DIRS = ['edge', 'ingest', 'memory', 'planner', 'bench', 'test', 'dashboard/src'];

/**
 * The production layers, lowest first: a file of one may import files of its own layer and of
 * those before it only. Tests and benchmarks may import anything; the dashboard is built apart.
 */
export const LAYERS = ['ingest', 'memory', 'planner', 'edge'];

/** TypeScript source files under the root's graph directories, as absolute paths. */
function sources(root) {
  const out = [];
  const walk = (dir) => {
    let names;
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of names) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'vendor') walk(p);
      } else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  for (const d of DIRS) walk(join(root, d));
  return out.sort();
}

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx`), or null when it is not a project source. */
function resolveSpecifier(from, spec, known) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  for (const c of [stem + '.ts', stem + '.tsx', base, join(base, 'index.ts')]) if (known.has(c)) return c;
  return null;
}

/** Parsed imports per file, kept while the file's modification time is unchanged. */
const parsed = new Map();

/** Imports of one file: each resolved project file with the line of its first import. */
function importsOf(file, known) {
  const mtime = statSync(file).mtimeMs;
  const hit = parsed.get(file);
  if (hit && hit.mtime === mtime) return hit.imports;
  const text = readFileSync(file, 'utf8');
  const info = ts.preProcessFile(text, true, true);
  const imports = new Map();
  const lineOf = (pos) => text.slice(0, pos).split('\n').length;
  for (const ref of info.importedFiles) {
    const target = resolveSpecifier(file, ref.fileName, known);
    if (target && target !== file && !imports.has(target)) imports.set(target, { spec: ref.fileName, line: lineOf(ref.pos) });
  }
  parsed.set(file, { mtime, imports });
  return imports;
}

/** The import graph: file -> (imported file -> { spec, line }). */
export function importGraph(root = ROOT) {
  const files = sources(root);
  const known = new Set(files);
  const graph = new Map();
  for (const f of files) graph.set(f, importsOf(f, known));
  return graph;
}

/** Strongly connected components with more than one file (each one an import cycle), by Tarjan's algorithm. */
export function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  // iterative, so a deep import chain cannot overflow the stack
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work = [{ v: start, it: graph.get(start).keys() }];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    on.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const n = top.it.next();
      if (!n.done) {
        const w = n.value;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          on.add(w);
          work.push({ v: w, it: (graph.get(w) ?? new Map()).keys() });
        } else if (on.has(w)) low.set(top.v, Math.min(low.get(top.v), idx.get(w)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].v;
        low.set(parent, Math.min(low.get(parent), low.get(top.v)));
      }
      if (low.get(top.v) === idx.get(top.v)) {
        const comp = [];
        let w;
        do {
          w = stack.pop();
          on.delete(w);
          comp.push(w);
        } while (w !== top.v);
        if (comp.length > 1) out.push(comp.sort());
      }
    }
  }
  return out;
}

/** The layer of a file relative to the root, or null (tests, benchmarks, dashboard). */
export function layerOf(file, root = ROOT) {
  const top = relative(root, file).split(sep)[0];
  return LAYERS.includes(top) ? top : null;
}

/** Imports from a lower layer to a higher one. */
export function layerViolations(graph, root = ROOT) {
  const out = [];
  for (const [file, imports] of graph) {
    const from = layerOf(file, root);
    if (from === null) continue;
    for (const [target, { line }] of imports) {
      const to = layerOf(target, root);
      if (to !== null && LAYERS.indexOf(to) > LAYERS.indexOf(from)) out.push({ file, line, target, from, to });
    }
  }
  return out;
}

/** One cycle's path through its component, starting at its first file, for the report. */
function cyclePath(graph, comp) {
  const inComp = new Set(comp);
  const start = comp[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v).keys()) {
      if (w === start) {
        const path = [start];
        for (let x = v; x !== null && x !== start; x = prev.get(x)) path.splice(1, 0, x);
        return [...path, start];
      }
      if (inComp.has(w) && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return comp;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = importGraph();
  const rel = (f) => relative(ROOT, f);
  const found = cycles(graph);
  for (const comp of found) console.log(`cycle (${comp.length} files): ${cyclePath(graph, comp).map(rel).join(' -> ')}`);
  const bad = layerViolations(graph);
  for (const v of bad) console.log(`layer: ${rel(v.file)}:${v.line} (${v.from}) imports ${rel(v.target)} (${v.to})`);
  console.log(`${graph.size} files: ${found.length} import cycle(s), ${bad.length} layer violation(s)`);
  process.exit(found.length + bad.length > 0 ? 1 : 0);
}
