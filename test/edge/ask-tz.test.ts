/**
 * `vigil ask --tz`: the printed answer has every time in the asked zone, the list of coverage gaps
 * included (the memory keeps them as ISO UTC), while `--json` keeps the machine form.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { askCommand } from '../../edge/cli/ask.js';
import { localiseIsoTimes } from '../../edge/cli/local-times.js';
import { MemoryStore } from '../../memory/store.js';
import { frame, object, segment } from '../memory/fixtures.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'vigil-ask-tz-'));

before(async () => {
  const w = new MemoryStore({ dir });
  w.open();
  // door recorded 10:00:00-10:01:40 and 10:05:00-10:06:40 UTC: a gap between
  for (const base of [T0, T0 + 300_000]) {
    for (let i = 0; i < 200; i++) {
      void w.write(frame('door', base + i * 500, i < 40 ? ['door:person:1'] : []));
      if (i % 4 === 0) void w.write(segment('door', base + i * 500));
    }
  }
  await w.write(object('door', 'door:person:1', 'person', T0, T0 + 20_000, { visits: [{ start: T0, end: T0 + 20_000 }] }));
  await w.close();
});

/** Runs `vigil ask` and returns what it printed. */
async function run(argv: string[]): Promise<string> {
  const out: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((s: string) => (out.push(String(s)), true));
  try {
    assert.equal(await askCommand(argv), 0);
  } finally {
    process.stdout.write = write;
  }
  return out.join('');
}

test('ask --tz prints the gap list in the asked zone, like the Read-as line', async () => {
  const text = await run(['how many people came?', '--data', dir, '--tz', 'Asia/Kolkata', '--now', '2026-11-20T10:10:00Z']);
  assert.match(text, /Read as: .*between 15:30:00 and/, text);
  // the gap 10:01:40-10:05:00 UTC is 15:31:40-15:35:00 in Kolkata (+05:30)
  assert.match(text, /Nothing was recorded on door from 2026-11-20 15:31:39(?:\.\d+)? Asia\/Kolkata to 2026-11-20 15:35:00 Asia\/Kolkata/, text);
  assert.doesNotMatch(text, /\d{4}-\d\d-\d\dT\d\d:\d\d/, 'no ISO time is left in the text');
  const json = JSON.parse(await run(['how many people came?', '--data', dir, '--tz', 'Asia/Kolkata', '--now', '2026-11-20T10:10:00Z', '--json'])) as { coverage: { gaps: { start: string }[] } };
  assert.match(json.coverage.gaps[0]?.start ?? '', /^2026-11-20T10:01:39/, '--json keeps ISO UTC');
});

test('localiseIsoTimes rewrites ISO times with a zone and leaves others alone', () => {
  assert.equal(localiseIsoTimes('from 2026-11-20T10:01:40.000Z to 2026-11-20T12:00:00+01:00', 'Europe/Berlin'), 'from 2026-11-20 11:01:40 Europe/Berlin to 2026-11-20 12:00:00 Europe/Berlin');
  assert.equal(localiseIsoTimes('at 2026-11-20 10:01:40 and 2026-11-20T10:01', 'UTC'), 'at 2026-11-20 10:01:40 and 2026-11-20T10:01');
});
