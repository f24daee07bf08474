/**
 * The one configuration schema: defaults, descriptions (which become the comments of the
 * generated example config) and validation rules.
 */
import { z } from 'zod';

/** Camera id rule: used in MQTT topics, LMDB keys and URLs. */
const CAMERA_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** URL of the demo camera: the bundled CC BY 4.0 clip played in a loop. */
export const DEMO_URL = 'builtin:demo';

const camera = z
  .strictObject({
    id: z.string().regex(CAMERA_ID, 'letters, digits, "_" or "-", 1-64 characters').describe('Camera id, used in topics, keys and URLs.'),
    url: z
      .string()
      .min(1)
      .describe(`rtsp:// or rtsps:// URL (credentials allowed, never logged), a path to a video file played in a loop as a live camera, or "${DEMO_URL}".`),
    fps: z.number().positive().max(30).default(2).describe('Analysis rate in frames per second.'),
    width: z.number().int().min(64).max(3840).default(640).describe('Analysis width in pixels; the height keeps the aspect ratio.'),
    enabled: z.boolean().default(true).describe('Ingest this camera.'),
    transport: z.enum(['tcp', 'udp']).default('tcp').describe('RTSP transport.'),
    watchdogSeconds: z.number().positive().max(600).default(10).describe('Seconds without data before the stream is restarted.'),
  })
  .describe('One camera.');

/** The whole configuration. */
export const configSchema = z
  .strictObject({
    node: z.string().regex(CAMERA_ID, 'letters, digits, "_" or "-"').default('vigil').describe("This box's id, used in MQTT topics."),
    data: z.string().min(1).default('./data').describe('Data directory (memory, snapshots).'),
    timezone: z
      .string()
      .nullable()
      .default(null)
      .describe('IANA time zone used to read times in questions, e.g. Europe/Berlin; null uses the system zone.'),
    log: z
      .strictObject({
        level: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info').describe('Log level.'),
      })
      .prefault({})
      .describe('Logging.'),
    http: z
      .strictObject({
        port: z.number().int().min(0).max(65535).default(8080).describe('HTTP port: dashboard, REST, /healthz, /metrics, live preview.'),
        host: z.string().default('0.0.0.0').describe('Address to listen on.'),
      })
      .prefault({})
      .describe('HTTP server.'),
    mqtt: z
      .strictObject({
        url: z.string().nullable().default(null).describe('Broker URL such as mqtt://127.0.0.1:1883; null runs without an external broker.'),
      })
      .prefault({})
      .describe('MQTT.'),
    cameras: z
      .array(camera)
      .default([{ id: 'demo', url: DEMO_URL, fps: 2, width: 640, enabled: true, transport: 'tcp', watchdogSeconds: 10 }])
      .describe('Cameras. Default: one demo camera playing the bundled clip.'),
  });

/** Validated, frozen configuration. */
export type Config = Readonly<z.output<typeof configSchema>>;
/** One validated camera entry. */
export type CameraConfig = Config['cameras'][number];

/**
 * Checks across fields, run on the raw input even when other fields are invalid, so that every
 * problem is reported in one pass. Returns `path: message` strings.
 */
export function crossCheck(raw: unknown): string[] {
  const problems: string[] = [];
  if (!raw || typeof raw !== 'object') return problems;
  const r = raw as { cameras?: unknown; timezone?: unknown };
  if (Array.isArray(r.cameras)) {
    const seen = new Set<unknown>();
    r.cameras.forEach((c: unknown, i) => {
      const id = c && typeof c === 'object' ? (c as { id?: unknown }).id : undefined;
      if (typeof id !== 'string') return;
      if (seen.has(id)) problems.push(`cameras.${i}.id: duplicate camera id "${id}"`);
      seen.add(id);
    });
  }
  if (typeof r.timezone === 'string') {
    try {
      new Intl.DateTimeFormat('en', { timeZone: r.timezone });
    } catch {
      problems.push(`timezone: unknown time zone "${r.timezone}"`);
    }
  }
  return problems;
}
