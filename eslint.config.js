// Lint: typed rules for promises (no floating or misused promises), no import cycle (type-only
// imports included: `vigil/no-cycle`, see scripts/eslint-no-cycle.js) and the layering
// ingest <- memory <- planner <- edge (a layer imports only its own and lower ones; tests and
// benchmarks may import anything; the dashboard sits on top and nothing imports it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import vigil from './scripts/eslint-no-cycle.js';

/** Each production layer and the higher ones it may not import. */
const LAYERS = ['ingest', 'memory', 'planner', 'edge'];
const layerZones = LAYERS.map((layer, i) => ({
  target: `./${layer}`,
  from: [...LAYERS.slice(i + 1).map((l) => `./${l}`), './dashboard'],
  message: `layers import downwards only (${LAYERS.join(' <- ')}): ${layer}/ may not import this`,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'dashboard/vendor/**', 'data/**', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { vigil },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: ['test', 'describe', 'it', 'suite'], package: 'node:test' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'vigil/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // the question language: every function under 80 lines (compose() and chooseMeasure() were split by meaning)
    files: ['planner/query/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    // the planner and the daemon read the memory through MemoryQueries, never its raw LMDB handles
    files: ['ingest/**/*.ts', 'planner/**/*.ts', 'edge/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='dbs']", message: 'read the memory through MemoryQueries, not its raw databases (dbs() is for memory/ and tests)' },
      ],
    },
  },
);
