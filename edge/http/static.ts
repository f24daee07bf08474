/**
 * Serves the built dashboard from `dist/dashboard/` (written by `npm run build`, see
 * `dashboard/build.js`). When the build is missing, `/` explains how to build it.
 */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { packageRoot } from '../paths.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** Where the dashboard build lives. */
export function dashboardDir(): string {
  return join(packageRoot(), 'dist', 'dashboard');
}

/** The page sent instead of the dashboard when it has not been built. */
export const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vigil: dashboard not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<h1>The dashboard is not built</h1>
<p>The daemon is running (see <a href="/healthz">/healthz</a>), but <code>dist/dashboard/</code> is missing.</p>
<p>Build it from the installation folder with <code>npm run build</code> (or <code>npm run setup</code>), then reload this page.</p>
</body></html>
`;

/** Sends one dashboard file; names with path separators or dots-only are refused. */
export async function serveDashboard(res: ServerResponse, name: string): Promise<void> {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(name) || normalize(name) !== name) {
    throw new VigilError('NOT_FOUND', 'not found');
  }
  const type = TYPES[extname(name)];
  if (!type) throw new VigilError('NOT_FOUND', 'not found');
  let body: Buffer;
  try {
    body = await readFile(join(dashboardDir(), name));
  } catch {
    if (name === 'index.html') {
      res.writeHead(503, { 'content-type': TYPES['.html'] as string, 'cache-control': 'no-store' });
      res.end(MISSING_BUILD_PAGE);
      return;
    }
    throw new VigilError('NOT_FOUND', `no dashboard file "${name}"`);
  }
  // hashed chunks never change; the entry files do on every build
  const cache = /-[A-Z0-9]{8}\.js$/.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
  res.writeHead(200, { 'content-type': type, 'content-length': body.length, 'cache-control': cache });
  res.end(body);
}
