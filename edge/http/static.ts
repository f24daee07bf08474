/**
 * Serves the dashboard's files from `dashboard/` (built assets when present).
 */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { EdgeError } from '../errors.js';
import { packageRoot } from '../paths.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** Sends one dashboard file; names with path separators or dots-only are refused. */
export async function serveDashboard(res: ServerResponse, name: string): Promise<void> {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(name) || normalize(name) !== name) {
    throw new EdgeError('NOT_FOUND', 'not found', 404);
  }
  const type = TYPES[extname(name)];
  if (!type) throw new EdgeError('NOT_FOUND', 'not found', 404);
  let body: Buffer;
  try {
    body = await readFile(join(packageRoot(), 'dashboard', name));
  } catch {
    throw new EdgeError('NOT_FOUND', `no dashboard file "${name}"`, 404);
  }
  res.writeHead(200, { 'content-type': type, 'content-length': body.length });
  res.end(body);
}
