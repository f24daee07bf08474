import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { MMAP_THRESHOLD, mallocNote } from '../../edge/cli/malloc-note.js';
import { packageRoot } from '../../edge/paths.js';

const root = packageRoot();
const read = (p: string): string => readFileSync(join(root, p), 'utf8');
const setting = `MALLOC_MMAP_THRESHOLD_=${MMAP_THRESHOLD}`;

test('every launcher fixes glibc mmap threshold before the daemon starts', () => {
  const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  assert.match(pkg.scripts.start ?? '', /^exec env MALLOC_MMAP_THRESHOLD_=\$\{MALLOC_MMAP_THRESHOLD_:-131072\} node /, 'npm start');
  assert.equal(read('dist/edge/cli/main.js').split('\n')[0], `#!/usr/bin/env -S ${setting} node`, 'the vigil command');
  assert.match(read('deploy/vigil.service'), new RegExp(`^Environment=${setting}$`, 'm'), 'systemd unit');
  assert.match(read('deploy/Dockerfile'), new RegExp(`^\\s+${setting}$`, 'm'), 'container image');
});

test('the start note names the missing setting on Linux only', () => {
  assert.match(mallocNote({}, 'linux') ?? '', /MALLOC_MMAP_THRESHOLD_ is not set.*MALLOC_MMAP_THRESHOLD_=131072/);
  assert.equal(mallocNote({ MALLOC_MMAP_THRESHOLD_: '65536' }, 'linux'), null);
  assert.equal(mallocNote({}, 'darwin'), null);
});
