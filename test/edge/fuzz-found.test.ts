/**
 * Regressions of what the fuzz run (fuzz.int.test.ts) found in the config loader, each as the
 * smallest input that showed it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../edge/config/load.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ env });
  } catch (e) {
    assert.ok(e instanceof ConfigError, String(e));
    return e.problems;
  }
  return [];
}

test('an environment list index past the end is one clear problem, not a huge sparse list (or an ignored override)', () => {
  // VIGIL_CAMERAS__4294967294__ID ran the loader out of memory: every hole was validated
  const far = problemsOf({ VIGIL_CAMERAS__100000__ID: 'x' });
  assert.equal(far.length, 1, far.slice(0, 3).join('\n'));
  assert.match(far[0] ?? '', /^VIGIL_CAMERAS__100000__ID: 100000 is not an index of cameras/);
  // past 2^32 the value was set as a property of the list and silently dropped
  assert.match(problemsOf({ VIGIL_CAMERAS__99999999999999__URL: 'a.mp4' }).join('\n'), /VIGIL_CAMERAS__99999999999999__URL: .* is not an index/);
  // appending at the end, and replacing inside, still work
  const cfg = loadConfig({ env: { VIGIL_CAMERAS__0__ID: 'a', VIGIL_CAMERAS__0__URL: 'a.mp4', VIGIL_CAMERAS__1__ID: 'b', VIGIL_CAMERAS__1__URL: 'b.mp4' } });
  assert.deepEqual(cfg.cameras.map((c) => c.id), ['a', 'b']);
});
