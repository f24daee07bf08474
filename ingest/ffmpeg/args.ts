/**
 * ffmpeg command lines for analysis decoding.
 */
import type { CameraSpec } from '../types.js';
import { credentialInput, hasCredentials } from './credentials.js';
import { WIDE_ASPECT } from '../perception/tiled-detector.js';

/** How the input is read. */
export interface InputMode {
  /** Read a file at its native rate (`-re`), as a live camera would deliver it. */
  realtime: boolean;
  /** Loop a file forever. */
  loop: boolean;
}

/** True when the camera URL is a network stream rather than a file path. */
export function isNetworkUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file://');
}

/** Input options placed before `-i` (for a URL with credentials, an owner-only file that holds it). */
export function inputArgs(spec: Pick<CameraSpec, 'url' | 'transport'>, mode: InputMode): string[] {
  const args: string[] = [];
  const rtsp = /^rtsps?:\/\//i.test(spec.url);
  // a user name or password never goes on the command line (`ps` shows it to every local user)
  if (isNetworkUrl(spec.url) && hasCredentials(spec.url)) return credentialInput(spec.url, rtsp ? { rtsp_transport: spec.transport } : {});
  if (rtsp) {
    args.push('-rtsp_transport', spec.transport);
  } else if (!isNetworkUrl(spec.url)) {
    if (mode.realtime) args.push('-re');
    if (mode.loop) args.push('-stream_loop', '-1');
  }
  const url = spec.url.startsWith('file://') ? spec.url.slice('file://'.length) : spec.url;
  args.push('-i', url);
  return args;
}

/**
 * The analysis size: `width` wide, except a panorama (wider than the tiled detector's
 * `WIDE_ASPECT`), which keeps the height a 16:9 picture of that width has, up to its own width: a
 * 1280x360 view of two benches side by side stays 1280x360 rather than shrinking to 640x180, where
 * its bottles came out too small to count (5 of 6).
 */
export function scaleFilter(width: number): string {
  const tall = Math.round((width * 9) / 16);
  return `scale=w='if(gt(iw/ih,${WIDE_ASPECT}),min(iw,trunc(${tall}*iw/ih/2)*2),${width})':h=-2`;
}

/**
 * Full argument list: decode video only, resample to the analysis rate and width, and write
 * self-describing binary PPM (P6) frames to stdout. Each PPM carries its own size, so the reader
 * never has to guess the height that `scale=W:-2` chose.
 */
export function decodeArgs(spec: CameraSpec, mode: InputMode): string[] {
  return [
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'warning',
    ...inputArgs(spec, mode),
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    `fps=${spec.fps},${scaleFilter(spec.width)}`,
    '-pix_fmt',
    'rgb24',
    '-c:v',
    'ppm',
    '-f',
    'image2pipe',
    'pipe:1',
  ];
}
