/**
 * Where each looping file camera is in its clip, in wall-clock time.
 *
 * A file camera runs `ffmpeg -re -stream_loop -1 -i FILE -vf fps=F` (ingest/ffmpeg/args.ts) and the
 * session stamps every frame with the wall clock at its arrival (ingest/session.ts). The fps
 * filter's n-th output frame shows clip time (n / F) mod D, where D is the clip's stream duration
 * (-stream_loop offsets each loop by it; checked with ffmpeg's showinfo). So every sample of
 * `/api/cameras` gives one estimate of the wall time of clip second 0 of the first loop:
 * `anchor = lastFrameAt - (framesIn - 1) / F`. The clock keeps the median of the recent estimates
 * (robust to a late poll or a slow frame), and the spread of all of them as a check on drift.
 * A reconnect restarts ffmpeg at clip second 0 and breaks the mapping: the camera is then marked
 * broken and its questions are no longer graded.
 */
import type { LiveDaemon } from './daemon.js';

/** Estimates kept for the rolling median (at 2 fps and 0.5 s polls: the last ~30 s). */
const WINDOW = 60;

interface Track {
  fps: number;
  samples: number[];
  /** Every estimate, for the spread. */
  all: number[];
  lastFrameAt: string | null;
  reconnects: number | null;
  broken: string | null;
}

/** The mapping of one camera, as reported at the end. */
export interface ClockReport {
  camera: string;
  /** Wall time of clip second 0 of the first loop (ISO). */
  clipZero: string | null;
  samples: number;
  /** Spread (max - min) of the estimates after the first five, in ms. */
  spreadMs: number | null;
  broken: string | null;
  /** The daemon's first frame of the camera (ISO, from its log): clip second 0 plus decoding latency. */
  firstFrameAt: string | null;
}

/** Polls `/api/cameras` and maps wall time to clip time per camera. */
export class ClipClock {
  private readonly tracks = new Map<string, Track>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;

  /** @param fps the analysis rate of each camera, by id */
  constructor(
    private readonly daemon: LiveDaemon,
    fps: Record<string, number>,
  ) {
    for (const [id, f] of Object.entries(fps)) this.tracks.set(id, { fps: f, samples: [], all: [], lastFrameAt: null, reconnects: null, broken: null });
  }

  /** Starts polling every `ms`. */
  start(ms = 500): void {
    this.timer = setInterval(() => void this.poll(), ms);
  }

  /** Stops polling. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Takes one sample of every camera now. */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      for (const c of await this.daemon.cameras()) {
        const t = this.tracks.get(c.id);
        if (!t || t.broken) continue;
        t.reconnects ??= c.reconnects;
        if (c.reconnects !== t.reconnects) t.broken = `reconnected (${c.error ?? 'no error given'}): ffmpeg restarted the clip`;
        if (t.broken || !c.lastFrameAt || c.lastFrameAt === t.lastFrameAt || c.framesIn < 1) continue;
        t.lastFrameAt = c.lastFrameAt;
        const est = Date.parse(c.lastFrameAt) - ((c.framesIn - 1) * 1000) / t.fps;
        t.samples.push(est);
        t.all.push(est);
        if (t.samples.length > WINDOW) t.samples.shift();
      }
    } catch {
      // a missed poll only delays the next estimate
    } finally {
      this.polling = false;
    }
  }

  /** Wall time (epoch ms) of clip second 0 of the first loop; null until known or once broken. */
  clipZero(camera: string): number | null {
    const t = this.tracks.get(camera);
    if (!t || t.broken || t.samples.length < 3) return null;
    const s = [...t.samples].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)] ?? null;
  }

  /** Waits until every camera has an anchor. */
  async ready(timeoutMs = 30_000): Promise<void> {
    const t0 = Date.now();
    while ([...this.tracks.keys()].some((id) => this.clipZero(id) === null)) {
      if (Date.now() - t0 > timeoutMs) throw new Error('no clip anchor for every camera (are they streaming?)');
      await this.poll();
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  /**
   * The mapping of every camera.
   * @param firstFrames the wall time of each camera's first frame (from the daemon's log), to compare
   */
  report(firstFrames: Record<string, string> = {}): ClockReport[] {
    return [...this.tracks].map(([camera, t]) => {
      const rest = t.all.slice(5);
      const zero = this.clipZero(camera) ?? (t.all.length ? median(t.all) : null);
      return {
        camera,
        clipZero: zero === null ? null : new Date(zero).toISOString(),
        samples: t.all.length,
        spreadMs: rest.length ? Math.round(Math.max(...rest) - Math.min(...rest)) : null,
        broken: t.broken,
        firstFrameAt: firstFrames[camera] ?? null,
      };
    });
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}
