import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { stringify } from 'yaml';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { runCli, tempDir } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

test('OCR on a schedule: text drawn into a clip is stored in the segments and captions, once per segment', async () => {
  const dir = tempDir('ocr');
  const clip = join(dir, 'sign.mp4');
  // 6 s of the bottle clip with a sign drawn on it
  execFileSync('ffmpeg', ['-loglevel', 'error', '-i', join(SHARED_VIDEOS, 'bottle-detection.mp4'), '-t', '6', '-vf', "drawbox=x=40:y=40:w=260:h=70:color=white:t=fill,drawtext=text='LINE B':x=60:y=50:fontsize=48:fontcolor=black", '-an', clip]);
  const cfg = join(dir, 'vigil.yaml');
  writeFileSync(cfg, stringify({ cameras: [{ id: 'dock', url: clip, detector: { model: 'none' }, ocr: { enabled: true, everySeconds: 2 } }] }));
  const data = join(dir, 'data');
  const r = await runCli(['replay', clip, '--camera', 'dock', '--start', '2026-11-21T09:00:00Z', '--data', data, '--config', cfg]);
  assert.equal(r.code, 0, r.stderr);
  const store = new MemoryStore({ dir: data, readOnly: true });
  store.open();
  try {
    const segs = new MemoryQueries(store).segments({ from: Date.parse('2026-11-21T09:00:00Z'), to: Date.parse('2026-11-21T09:00:06Z') });
    assert.equal(segs.length, 3);
    for (const s of segs) {
      const texts = (s.ocr ?? []).map((t) => t.text.replace(/\s+/g, '').toUpperCase());
      assert.deepEqual(texts, ['LINEB'], `segment at ${s.start}: ${JSON.stringify(s.ocr)}`);
      const box = s.ocr?.[0]?.box;
      assert.ok(box && box.x1 >= 20 && box.x2 <= 320 && box.y1 >= 20 && box.y2 <= 130, JSON.stringify(box));
      assert.match(s.caption ?? '', /text: "LINE ?B"/i);
    }
  } finally {
    await store.close();
  }
});
