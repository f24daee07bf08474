/**
 * The one configuration schema: defaults, descriptions (which become the comments of the
 * generated example config) and validation rules.
 */
import { z } from 'zod';
import { ruleSchema } from '../rules/schema.js';
import { fleetSchema } from './fleet.js';
import type { ConfigProblem } from './places.js';

/** Camera id rule: used in MQTT topics, LMDB keys and URLs. */
const CAMERA_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** URL of the demo camera: the bundled CC BY 4.0 clip played in a loop. */
export const DEMO_URL = 'builtin:demo';

/** A coordinate of a point: a fraction of the picture's width or height. */
const fraction = z.number({ error: 'a number from 0 to 1' }).min(0, 'below 0: x and y are fractions 0..1 of the picture (0 is the left or top edge)').max(1, 'above 1: x and y are fractions 0..1 of the picture (1 is the right or bottom edge)');
const point = z.tuple([fraction, fraction], { error: 'a point is [x, y], each a fraction 0..1 of the picture, e.g. [0.25, 0.8]' });

/** One zone: an id and a polygon of at least 3 vertices, normalised 0..1. */
export const zoneSchema = z.strictObject({ id: z.string().regex(CAMERA_ID, 'letters, digits, "_" or "-", 1-64 characters'), polygon: z.array(point).min(3).max(64).describe('Vertices [x, y], normalised 0..1.') });

/** One directed line: crossing from the left to the right side of from->to is "forward". */
export const lineSchema = z.strictObject({ id: z.string().regex(CAMERA_ID, 'letters, digits, "_" or "-", 1-64 characters'), from: point, to: point });

const detector = z
  .strictObject({
    model: z
      .enum(['auto', 'centernet', 'centernet-tfjs', 'nanodet', 'ssd-oidv4', 'onnx', 'none'])
      .default('auto')
      .describe(
        'Detector: auto (the default: centernet, with ssd-oidv4 run beside it while the camera probes and kept where it finds vehicles centernet misses, as from a high camera; the choice is logged and shown in /healthz), bundled centernet (COCO) on ONNX Runtime, the same graph on TF.js (centernet-tfjs), TF.js nanodet (COCO), ssd-oidv4 (Open Images SSD on ONNX Runtime: people, vehicles, bottles and 20 more; better from above), a user-supplied ONNX export, or none (motion only).',
      ),
    inputSize: z
      .tuple([z.number().int().min(32).max(2048), z.number().int().min(32).max(2048)])
      .refine(([w, h]) => w % 32 === 0 && h % 32 === 0, 'width and height must be multiples of 32')
      .default([512, 288])
      .describe('centernet input [width, height], multiples of 32; frames are letterboxed into it (512x288 fits 16:9 frames).'),
    providers: z
      .array(z.enum(['cpu', 'cuda', 'tensorrt']))
      .default(['cpu'])
      .describe('ONNX Runtime execution providers for centernet and ssd-oidv4, in order.'),
    scoreThreshold: z.number().min(0).max(1).default(0.2).describe('Default minimum detection score.'),
    classThresholds: z.record(z.string(), z.number().min(0).max(1)).default({}).describe('Per-class minimum scores, e.g. {person: 0.3}.'),
    classes: z.array(z.string()).default([]).describe('Only keep these classes (empty: all).'),
    nmsIou: z.number().min(0).max(1).default(0.5).describe('IoU above which overlapping boxes of one class are merged.'),
    sameObjectIou: z
      .number()
      .min(0)
      .max(1)
      .default(0.9)
      .describe('IoU above which boxes of different classes are one object under two labels (a car also scored as truck); the higher score is kept. 1 keeps every class.'),
    maxDetections: z.number().int().min(1).max(300).default(100).describe('Most detections per frame.'),
    workers: z
      .number()
      .int()
      .min(1)
      .max(8)
      .optional()
      .describe('Worker threads running this detector (the daemon shares one pool per model among cameras); default: the number of cores, at most 8.'),
    onnx: z
      .strictObject({
        path: z.string().min(1).describe('Path of the .onnx file (YOLOv8/YOLO11 or RT-DETR export).'),
        labels: z.string().optional().describe('Class names file: one per line or a JSON array.'),
        layout: z.enum(['yolo', 'rtdetr']).optional().describe('Output layout; detected from the output shapes when omitted.'),
        providers: z.array(z.enum(['cpu', 'cuda', 'tensorrt'])).default(['cpu']).describe('ONNX Runtime execution providers, in order.'),
        inputSize: z.number().int().min(32).max(2048).optional().describe('Input size for models with dynamic input shapes.'),
      })
      .optional()
      .describe('ONNX model settings (model: onnx).'),
  })
  .prefault({})
  .describe('Object detection.');

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
    detector,
    motionGate: z.boolean().default(true).describe('Run the detector only on motion (plus a refresh every few seconds).'),
    holdSeconds: z.number().min(0).max(10).default(1).describe('Live counts and occupancy keep an object this long after its last detection (the tracker keeps its identity longer).'),
    orientation: z
      .enum(['auto', 'upright', 'rotate180', 'vflip', 'hflip', 'rotate90', 'rotate270'])
      .default('auto')
      .describe('How the picture is turned before perception (a camera mounted upside down on a ceiling: rotate180; one on its side: rotate90 turns the picture a quarter clockwise, rotate270 anticlockwise). auto (the default) probes the first detected frames in the picture as it comes, rotate180, vflip, rotate90 and rotate270, and turns it only when a turned picture clearly scores better (never a camera with zones or lines); the choice is logged and shown in /healthz. Cameras probe a few at a time (one per core, at least 2); the others wait their turn with the picture as it comes.'),
    zones: z
      .array(zoneSchema)
      .max(64)
      .default([])
      .describe('Zones: polygons in normalised coordinates (0..1 of width and height).'),
    lines: z
      .array(lineSchema)
      .max(64)
      .default([])
      .describe('Directed lines; crossing from the left to the right side of from->to is "forward".'),
    reid: z
      .strictObject({
        low: z.number().min(-1).max(1).nullable().default(null).describe('Every member of an object must be more similar than this (null: 0.90 built-in, 0.60 with an encoder).'),
        high: z.number().min(-1).max(1).nullable().default(null).describe('At least one member must be more similar than this (null: 0.955 built-in, 0.75 with an encoder).'),
        waitDetections: z.number().int().min(0).max(10).default(2).describe('When a new track of a moving class (a person, a vehicle) matches no identity for sure, wait up to this many more detections before giving it a new identity (0: decide at the first detection).'),
        encoder: z
          .strictObject({
            path: z.string().min(1).describe('ONNX image encoder (CLIP image tower or DINOv2), input [N,3,H,W].'),
            inputSize: z.number().int().min(32).max(1024).default(224).describe('Input size for models with dynamic spatial size.'),
            providers: z.array(z.enum(['cpu', 'cuda', 'tensorrt'])).default(['cpu']).describe('ONNX Runtime execution providers, in order.'),
          })
          .nullable()
          .default(null)
          .describe('Optional image encoder for re-ID embeddings; null uses the built-in colour+shape features. Recalibrate low/high for it.'),
      })
      .prefault({})
      .describe('Re-identification (VideoAgent grouping rule).'),
    ocr: z
      .strictObject({
        enabled: z.boolean().default(false).describe('Read text with PaddleOCR (about 180 ms per 640x360 frame and 370 MB once loaded).'),
        everySeconds: z.number().positive().default(10).describe('Read a frame this often.'),
        regions: z
          .array(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1)]))
          .default([])
          .describe('Only read these regions, each [x1, y1, x2, y2] normalised 0..1 (empty: the whole frame).'),
      })
      .prefault({})
      .describe('Text reading (OCR).'),
    captions: z
      .strictObject({
        vision: z.boolean().default(true).describe('Add a vision model sentence to segment captions (only when models.vision is set).'),
      })
      .prefault({})
      .describe('Segment captions.'),
    audio: z
      .strictObject({
        enabled: z.boolean().default(true).describe('Decode the sound of the stream when it has any (a camera without audio simply has none).'),
        loudDbfs: z.number().max(0).default(-10).describe('A 100 ms block louder than this (RMS, dBFS) raises a loud_sound event.'),
        loudCooldownSeconds: z.number().min(0).default(5).describe('Least time between two loud_sound events of a camera.'),
        keepSpeechSound: z.boolean().default(true).describe('Keep each utterance\'s sound (8-bit mu-law, 16 kB/s of speech) with its transcript, under retention, so a question can spot a word nobody configured ("when was pressure mentioned?"). Never served over the API.'),
        speech: z
          .enum(['pocketsphinx', 'openai', 'off'])
          .default('pocketsphinx')
          .describe('Speech to text: pocketsphinx (offline; Debian packages pocketsphinx and pocketsphinx-en-us; poor on open vocabulary, see docs/audio.md), openai (the Whisper-style endpoint models.transcription) or off.'),
        vocabulary: z
          .array(z.string().min(1))
          .default([])
          .describe('Site vocabulary: words and phrases that matter here. When set, pocketsphinx listens only for these words, which makes them far more reliable.'),
      })
      .prefault({})
      .describe('Sound level, loud-sound events and speech transcripts.'),
  })
  .describe('One camera.');

/** One OpenAI-compatible endpoint (language, vision or embedding model). */
function endpoint(kind: 'LLM' | 'VISION' | 'EMBEDDINGS' | 'TRANSCRIPTION', what: string, use: string) {
  return z
    .strictObject({
      baseUrl: z.string().url().describe('Base URL of the OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:8000/v1 (vLLM), https://api.openai.com/v1.'),
      model: z.string().min(1).describe(`${what} name sent with each request.`),
      apiKey: z.string().nullable().default(null).describe(`Bearer key (never logged); also VIGIL_MODELS__${kind}__APIKEY. null sends none.`),
      timeoutMs: z.number().int().min(100).max(600_000).default(20000).describe('Timeout of each request in ms.'),
      retries: z.number().int().min(0).max(10).default(2).describe('Retries of a failed request (backoff with jitter, honouring retry-after).'),
    })
    .describe(`OpenAI-compatible ${what.toLowerCase()} ${use}.`);
}

const visionModel = endpoint('VISION', 'Vision model', 'that captions segment keyframes and answers visual questions');
const llmModel = endpoint('LLM', 'Language model', 'with tool calling, used by the ReAct and MCTS planners, sub-task agents and the critic');
const embeddingModel = endpoint('EMBEDDINGS', 'Embedding model', 'for segment localisation and document search');
const transcriptionModel = endpoint('TRANSCRIPTION', 'Speech-to-text model', '(audio/transcriptions, e.g. whisper-1) for cameras with audio.speech: openai');

const answering = z
  .strictObject({
    planner: z.enum(['auto', 'offline', 'react', 'mcts']).default('auto').describe('Default planner: auto is offline without models.llm, else mcts.'),
    budgetTokens: z.number().int().min(1).nullable().default(20000).describe('Most model tokens one answer may use (null: unlimited).'),
    budgetCalls: z.number().int().min(1).nullable().default(40).describe('Most model calls one answer may make (null: unlimited).'),
    maxSteps: z.number().int().min(1).max(30).default(6).describe('Step limit of a ReAct chain.'),
    maxTools: z.number().int().min(0).max(50).default(3).describe('Most tools offered to the model per question, by its words (0: all). A question shape the offline planner recognises gets its exact tool and one tool fewer (at least 2). Every offered tool is described in every call.'),
    toolFormat: z
      .enum(['compact', 'native'])
      .default('compact')
      .describe('How tools reach the language model: compact (one text line per tool, one-line replies; far fewer tokens) or native (OpenAI tool calling with JSON schemas, for models that only act through it).'),
    mctsN: z.number().int().min(1).max(8).default(2).describe('MCTS: answers to collect before voting or summarising (N).'),
    mctsAlpha: z.number().positive().default(1).describe('MCTS: reward of a successful leaf (+alpha) and of a failed one (-alpha).'),
    mctsBeta: z.number().min(0).default(0.5).describe('MCTS: decay of back-propagated rewards, exp(beta * (1 - distance)).'),
    criticRounds: z.number().int().min(0).max(3).default(0).describe('MMCTAgent critic rounds after each model-planned answer (0: off).'),
    docs: z.string().nullable().default(null).describe('Folder of documents (.md, .txt) the search_docs tool searches (null: none).'),
    tables: z.string().nullable().default(null).describe('Folder of CSV tables the query_table tool queries (null: none).'),
    recordings: z.string().nullable().default(null).describe('Folder of recordings <camera>/<startEpochMs>.mp4 the clip tool cuts from (null: none; Vigil itself stores keyframes, not video).'),
  })
  .prefault({})
  .describe('Question answering with the models.');

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
        format: z
          .enum(['auto', 'pretty', 'json'])
          .default('auto')
          .describe('Log lines: auto (one human line each on a terminal, JSON lines when piped, redirected or under systemd; the environment variable VIGIL_LOG_FORMAT=json|pretty overrides auto), pretty or json. Secrets are redacted in both.'),
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
    api: z
      .strictObject({
        maxInFlight: z.number().int().min(1).default(8).describe('Requests (WebSocket and MQTT together) run at once; more wait.'),
        maxQueued: z.number().int().min(0).default(1024).describe('Requests that may wait for a turn; beyond it they are answered BUSY (each waiting request holds only its parsed message; one WebSocket connection may have at most 8 waiting or running).'),
      })
      .prefault({})
      .describe('Admission control of the WebSocket and MQTT requests.'),
    memory: z
      .strictObject({
        rawHours: z.number().positive().default(24).describe('Keep segments, keyframes and per-frame records this many hours.'),
        eventsDays: z.number().positive().default(7).describe('Keep events and objects this many days.'),
        minutesDays: z.number().positive().default(7).describe('Keep per-minute roll-ups this many days.'),
        hoursDays: z.number().positive().default(90).describe('Keep per-hour roll-ups and coverage this many days.'),
        budgetGB: z.number().positive().nullable().default(null).describe('Size budget of the memory in GB; the oldest data is evicted first above it (null: none).'),
        minFreeMB: z.number().min(1).default(64).describe('Stop writing when the disk has less free space than this (resumes at twice it).'),
        sweepSeconds: z.number().positive().default(10).describe('How often retention sweeps run (each is bounded to about 50 ms).'),
      })
      .prefault({})
      .describe('Memory retention and disk use.'),
    auth: z
      .preprocess(
        // `auth: off` (or false) is the short form of `auth: {enabled: false}`
        (v) => (v === false || v === 'off' ? { enabled: false } : v === true || v === 'on' ? { enabled: true } : v),
        z
          .strictObject({
            enabled: z.boolean().default(true).describe('Require a token on the HTTP API, WebSocket and MQTT requests (/healthz and the dashboard files stay open). On by default: at first start an admin token is generated into the data directory (admin.token, owner-only) and printed once. `auth: off` turns it off; every start then logs that it is off.'),
            tokens: z
              .array(
                z.strictObject({
                  name: z.string().min(1).max(64).describe('Who holds the token (logged instead of the token).'),
                  token: z.string().min(16).describe('The secret (at least 16 characters; never logged). Sent as "Authorization: Bearer <token>", ?token= on the WebSocket upgrade, or "token" in an MQTT request (or the MQTT 5 user property "token").'),
                  scope: z.enum(['read', 'admin']).default('read').describe('read: browse, ask, subscribe; admin: also rules and cameras.'),
                }),
              )
              .default([])
              .describe('API tokens, in addition to the generated admin token (which is made only when no admin token is listed here).'),
            mqttAnonymous: z
              .enum(['none', 'read', 'admin'])
              .default('none')
              .describe('Scope of an MQTT request that carries no token: none (refused, the default), read (questions and browsing) or admin. The broker\'s own credentials and ACL decide who may publish at all.'),
          })
          .prefault({}),
      )
      .describe('Authentication of the HTTP, WebSocket and MQTT APIs.'),
    mqtt: z
      .strictObject({
        enabled: z.boolean().default(true).describe('Run the MQTT bridge.'),
        url: z.string().nullable().default(null).describe('Broker URL such as mqtt://127.0.0.1:1883 or mqtts://host:8883; null runs the embedded broker.'),
        protocolVersion: z.union([z.literal(4), z.literal(5)]).default(5).describe('Protocol of the daemon\'s client: 5 (MQTT 5) or 4 (3.1.1).'),
        clientId: z.string().nullable().default(null).describe('Client id (default vigil-<node>).'),
        username: z.string().nullable().default(null).describe('Broker user name; with the embedded broker, clients must log in with it.'),
        password: z.string().nullable().default(null).describe('Broker password (never logged); also VIGIL_MQTT__PASSWORD.'),
        tls: z
          .strictObject({
            ca: z.string().nullable().default(null).describe('Path of a CA certificate (PEM).'),
            cert: z.string().nullable().default(null).describe('Path of a client certificate (PEM).'),
            key: z.string().nullable().default(null).describe('Path of the client key (PEM).'),
            rejectUnauthorized: z.boolean().default(true).describe('Check the broker certificate.'),
          })
          .prefault({})
          .describe('TLS for mqtts:// URLs.'),
        embedded: z
          .strictObject({
            host: z.string().default('127.0.0.1').describe('Address the embedded broker listens on (loopback by default; any other address needs mqtt.username and mqtt.password).'),
            port: z.number().int().min(0).max(65535).default(1883).describe('Port of the embedded broker; if busy, MQTT is disabled with a warning (set url to use that broker).'),
          })
          .prefault({})
          .describe('Embedded broker (aedes), used when url is null.'),
        keepaliveSeconds: z.number().int().min(1).max(3600).default(30).describe('MQTT keepalive; the broker publishes the Last Will (status offline) after 1.5 times this without traffic.'),
        queueSize: z.number().int().min(0).max(100_000).default(1000).describe('Messages kept while the broker is unreachable (oldest dropped first).'),
        homeAssistant: z
          .strictObject({
            discovery: z.boolean().default(false).describe('Publish Home Assistant MQTT discovery: per camera, zone and class a count sensor and an occupancy binary_sensor; per camera a connectivity binary_sensor and images (latest frame, last alert); per rule an event entity (see docs/home-assistant.md).'),
            prefix: z.string().default('homeassistant').describe('Discovery prefix.'),
            snapshotSeconds: z
              .number()
              .min(0)
              .max(3600)
              .default(10)
              .describe("Seconds between the camera images sent to Home Assistant (a retained JPEG on vigil/<node>/<camera>/snapshot, within the broker's authentication); 0: none."),
          })
          .prefault({})
          .describe('Home Assistant integration.'),
      })
      .prefault({})
      .describe('MQTT bridge.'),
    fleet: fleetSchema,
    rules: z.array(ruleSchema).prefault([]).describe('Alert rules evaluated on the live stream (more can be added over WebSocket and MQTT).'),
    models: z
      .strictObject({
        llm: llmModel.nullable().default(null),
        vision: visionModel.nullable().default(null),
        embeddings: embeddingModel.nullable().default(null),
        transcription: transcriptionModel.nullable().default(null),
        answering,
      })
      .prefault({})
      .describe('Model endpoints (OpenAI-compatible). null: not used.'),
    cameras: z
      .array(camera)
      .prefault([{ id: 'demo', url: DEMO_URL }])
      .describe('Cameras. Default: one demo camera playing the bundled clip.'),
  });

/** Validated, frozen configuration. */
export type Config = Readonly<z.output<typeof configSchema>>;
/** One validated camera entry. */
export type CameraConfig = Config['cameras'][number];

/** Whether an address is a loopback one (only this machine can connect). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** An embedded broker listening beyond loopback must require credentials. */
function brokerExposure(r: { mqtt?: unknown }): ConfigProblem[] {
  const m = r.mqtt && typeof r.mqtt === 'object' ? (r.mqtt as { enabled?: unknown; url?: unknown; username?: unknown; password?: unknown; embedded?: { host?: unknown } }) : {};
  const host = m.embedded?.host;
  if (m.enabled === false || (typeof m.url === 'string' && m.url) || typeof host !== 'string' || isLoopback(host)) return [];
  if (typeof m.username === 'string' && m.username && typeof m.password === 'string' && m.password) return [];
  return [{ path: ['mqtt', 'embedded', 'host'], message: `the embedded broker would listen on ${host}, beyond this machine, with no credentials; set mqtt.username and mqtt.password (clients then log in with them), or keep the default 127.0.0.1` }];
}

/**
 * Checks across fields, run on the raw input even when other fields are invalid, so that every
 * problem is reported in one pass (duplicate ids are in duplicates.ts).
 */
export function crossCheck(raw: unknown): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!raw || typeof raw !== 'object') return problems;
  const r = raw as { cameras?: unknown; timezone?: unknown; models?: { transcription?: unknown }; mqtt?: unknown };
  if (Array.isArray(r.cameras)) {
    r.cameras.forEach((c: unknown, i) => {
      const speech = c && typeof c === 'object' ? (c as { audio?: { speech?: unknown } }).audio?.speech : undefined;
      if (speech === 'openai' && !r.models?.transcription) problems.push({ path: ['cameras', i, 'audio', 'speech'], message: '"openai" needs models.transcription (an OpenAI-compatible audio/transcriptions endpoint)' });
    });
  }
  problems.push(...brokerExposure(r));
  if (typeof r.timezone === 'string') {
    try {
      new Intl.DateTimeFormat('en', { timeZone: r.timezone });
    } catch {
      problems.push({ path: ['timezone'], message: `unknown time zone "${r.timezone}" (an IANA name such as Europe/Berlin or America/New_York)` });
    }
  }
  return problems;
}
