/**
 * Test material for the identity bench: recordings in which the same people come back, built
 * from one-by-one-person-detection.mp4 with ffmpeg, and their truth, derived from
 * `ONE_BY_ONE_PEOPLE` (one visit per person per pass; a reversed pass mirrors the times, a slowed
 * pass stretches them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { ONE_BY_ONE_PEOPLE } from '../../test/fixtures/truth.js';

/** Length of one-by-one-person-detection.mp4, s (ffprobe: 139.4). */
export const CLIP_SECONDS = 139.4;

/** One true visit: person `person` (1-6) in view from `start` to `end`, s of the recording. */
export interface TrueVisit {
  person: number;
  start: number;
  end: number;
  /** Where the person or thing was (a region of the frame, 0..1: x0, y0, x1, y1), for things in view at once. */
  where?: readonly [number, number, number, number];
}

/** A recording of the bench and its truth. */
export interface Recording {
  name: string;
  file: string;
  /** What it is, for the report. */
  what: string;
  visits: TrueVisit[];
}

/** How a pass of the clip is played: as is, backwards, or slowed by a factor. */
type Pass = { kind: 'plain' } | { kind: 'reverse' } | { kind: 'slow'; factor: number } | { kind: 'mirror' };

/** Warmer, dimmer light (4000 K at 70 %, darker): what a returning person looks like after the lights change. */
const RELIGHT = 'colortemperature=temperature=4000:mix=0.7,eq=brightness=-0.05:gamma=0.9';

/** The true visits of one pass that starts at `offset` s. */
function passVisits(pass: Pass, offset: number): TrueVisit[] {
  return ONE_BY_ONE_PEOPLE.map(([a, b], i) => {
    const person = i + 1;
    if (pass.kind === 'reverse') return { person, start: offset + CLIP_SECONDS - b, end: offset + CLIP_SECONDS - a };
    if (pass.kind === 'slow') return { person, start: offset + a * pass.factor, end: offset + b * pass.factor };
    return { person, start: offset + a, end: offset + b };
  });
}

/** The truth of passes played one after the other. */
export function truthOf(passes: readonly Pass[]): TrueVisit[] {
  const out: TrueVisit[] = [];
  let offset = 0;
  for (const p of passes) {
    out.push(...passVisits(p, offset));
    offset += CLIP_SECONDS * (p.kind === 'slow' ? p.factor : 1);
  }
  return out.sort((x, y) => x.start - y.start);
}

function ffmpeg(args: string[], out: string): void {
  const tmp = `${out}.part.mp4`;
  const r = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args, tmp], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`ffmpeg failed (${r.status ?? r.signal}) building ${out}`);
  renameSync(tmp, out);
}

/** How each recording is made from the clip (ffmpeg arguments between input and output) and played. */
const SPECS: Record<string, { what: string; args: string[]; passes: Pass[] }> = {
  looped3: { what: 'the clip looped 3 times', args: ['-c', 'copy'], passes: [{ kind: 'plain' }, { kind: 'plain' }, { kind: 'plain' }] },
  composite: {
    what: 'clip + reversed + slowed 1.5x',
    args: ['-filter_complex', '[0:v]split=3[a][b][c];[b]reverse[r];[c]setpts=1.5*PTS[s];[a][r][s]concat=n=3:v=1:a=0[v]', '-map', '[v]', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-r', '10'],
    passes: [{ kind: 'plain' }, { kind: 'reverse' }, { kind: 'slow', factor: 1.5 }],
  },
  mirrored: {
    what: 'clip + mirrored copy',
    args: ['-filter_complex', '[0:v]split=2[a][b];[b]hflip[m];[a][m]concat=n=2:v=1:a=0[v]', '-map', '[v]', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-r', '10'],
    passes: [{ kind: 'plain' }, { kind: 'mirror' }],
  },
  relit: {
    what: 'clip + reversed copy under warm dim light',
    args: ['-filter_complex', `[0:v]split=2[a][b];[b]reverse,${RELIGHT}[r];[a][r]concat=n=2:v=1:a=0[v]`, '-map', '[v]', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-r', '10'],
    passes: [{ kind: 'plain' }, { kind: 'reverse' }],
  },
};

/** Names of the bench's recordings, in order. */
export const RECORDINGS = ['single', 'looped3', 'composite', 'mirrored', 'relit'] as const;

/**
 * The bench's recordings (all, or the named ones), built into `dir` with the system ffmpeg when
 * missing:
 * - `single`: the clip once (6 visits, 6 people);
 * - `looped3`: the clip looped three times (`-stream_loop 2 -c copy`; 18 visits);
 * - `composite`: the clip, its reverse and a copy slowed 1.5x (18 visits);
 * - `mirrored`: the clip and a mirrored copy (`hflip`; 12 visits);
 * - `relit`: the clip and its reverse under warm, dim light (12 visits): the people come back after
 *   the lights change, so their colours shift while their named colours (the cast taken out) should not.
 */
export function recordings(clip: string, dir: string, names: readonly string[] = RECORDINGS): Recording[] {
  mkdirSync(dir, { recursive: true });
  const out: Recording[] = [];
  for (const name of RECORDINGS) {
    if (!names.includes(name)) continue;
    if (name === 'single') {
      out.push({ name, file: clip, what: 'the clip once', visits: truthOf([{ kind: 'plain' }]) });
      continue;
    }
    const spec = SPECS[name];
    if (!spec) continue;
    const file = join(dir, `${name}.mp4`);
    if (!existsSync(file)) ffmpeg([...(name === 'looped3' ? ['-stream_loop', '2'] : []), '-i', clip, ...spec.args], file);
    out.push({ name, file, what: spec.what, visits: truthOf(spec.passes) });
  }
  return out;
}
