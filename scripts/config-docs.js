#!/usr/bin/env node
/**
 * Writes docs/configuration.md from the configuration schema (`npm run docs:config`, which builds
 * first): scripts/config-docs-intro.md, then every key with its type, default and description.
 * test/edge/config.test.ts checks that the committed file is what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { configReferenceMarkdown } = await import(join(ROOT, 'dist', 'edge', 'config', 'reference.js'));
const out = join(ROOT, 'docs', 'configuration.md');
writeFileSync(out, configReferenceMarkdown(readFileSync(join(ROOT, 'scripts', 'config-docs-intro.md'), 'utf8')));
process.stdout.write(`wrote ${out}\n`);
