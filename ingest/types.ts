/**
 * Types shared by the ingest room and its consumers. Kept small on purpose: every other room
 * may import this file, and it imports nothing.
 */

/** Lifecycle state of one camera, as reported by `/healthz`. */
export type CameraState = 'connecting' | 'streaming' | 'backoff' | 'stopped' | 'disabled';

/** RTSP lower transport. TCP (interleaved) is the default: it survives NAT and loss better. */
export type RtspTransport = 'tcp' | 'udp';

/** What an ingest session needs to know about a camera. */
export interface CameraSpec {
  /** Stable camera id used in topics, keys and logs. */
  id: string;
  /** `rtsp://` / `rtsps://` URL, or a path to a video file played in real time in a loop. */
  url: string;
  /** Analysis rate in frames per second. */
  fps: number;
  /** Analysis width in pixels; height follows the aspect ratio (rounded to even). */
  width: number;
  /** Whether the camera is ingested at all. */
  enabled: boolean;
  /** RTSP transport. */
  transport: RtspTransport;
  /** Seconds without data before a stream is considered stalled and restarted. */
  watchdogSeconds: number;
}

/** One decoded analysis frame: packed RGB24, `width * height * 3` bytes. */
export interface Frame {
  camera: string;
  /** Sequence number within the camera session, from 0, never reset by reconnects. */
  seq: number;
  /** Wall-clock time of the frame in epoch milliseconds. */
  ts: number;
  width: number;
  height: number;
  data: Buffer;
}

/** Live status of one camera. */
export interface CameraStatus {
  id: string;
  state: CameraState;
  /** Measured analysis frames per second over the last few seconds. */
  fps: number;
  /** ISO-8601 time of the last frame, or null if none yet. */
  lastFrameAt: string | null;
  /** Number of times the stream was restarted after a failure or stall. */
  reconnects: number;
  /** Readable reason of the last failure, or null while healthy. */
  error: string | null;
  /** Frames decoded from ffmpeg. */
  framesIn: number;
  /** Frames handed to the consumer. */
  framesOut: number;
  /** Frames replaced by a newer one while the consumer was busy. */
  drops: number;
}

/** Minimal structured logger (pino-compatible), injected into every component. */
export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}
