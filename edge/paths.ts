/**
 * Locations inside the installed package (works from `dist/` and from sources).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The package root: the nearest folder above this file with Vigil's package.json. */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pj = join(dir, 'package.json');
    if (existsSync(pj) && (JSON.parse(readFileSync(pj, 'utf8')) as { name?: string }).name === 'vigil') return (root = dir);
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the vigil package root');
    dir = up;
  }
}

/** The package version. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** The bundled demo clip (CC BY 4.0, Intel IoT DevKit sample videos; see its ATTRIBUTION.md). */
export function demoClipPath(): string {
  return join(packageRoot(), 'deploy', 'demo', 'one-by-one-person-detection.mp4');
}
