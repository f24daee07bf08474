// Builds the browser dashboard: dashboard/src -> dist/dashboard/ (index.html, app.js, app.css and
// the lazily loaded jsmpeg chunk). Run by `npm run build`; `--watch` rebuilds on change.
import { build, context } from 'esbuild';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'dist', 'dashboard');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const options = {
  entryPoints: { app: join(here, 'src', 'main.tsx') },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2022', 'chrome110', 'safari16', 'firefox115'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: !watch,
  sourcemap: true,
  chunkNames: '[name]-[hash]',
  legalComments: 'eof',
  logLevel: 'warning',
};

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await copyFile(join(here, 'src', 'index.html'), join(out, 'index.html'));
await copyFile(join(here, 'src', 'app.css'), join(out, 'app.css'));
if (watch) {
  const ctx = await context(options);
  await ctx.watch();
  console.log(`dashboard: watching, writing ${out}`);
} else {
  await build(options);
  console.log(`dashboard: built ${out}`);
}
