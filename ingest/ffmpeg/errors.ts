/**
 * Turns ffmpeg's stderr into one readable camera error.
 */
import { redactUrl } from '../redact.js';

const RULES: [RegExp, string][] = [
  [/401 Unauthorized|Unauthorized/i, 'authentication failed (401): check the username and password in the camera URL'],
  [/403 Forbidden/i, 'access forbidden (403): the camera refused this user'],
  [/404 Not Found|method DESCRIBE failed: 404/i, 'stream not found (404): check the path in the camera URL'],
  [/Connection refused/i, 'connection refused: nothing is listening at the camera address'],
  [/Connection timed out|timed out/i, 'connection timed out: the camera did not answer'],
  [/Failed to resolve hostname|Name or service not known|Temporary failure in name resolution/i, 'host name could not be resolved'],
  [/No route to host|Network is unreachable/i, 'camera address unreachable'],
  [/No such file or directory/i, 'file not found'],
  [/Permission denied/i, 'permission denied reading the source'],
  [/Stream map .* matches no streams|does not contain any stream|Output file #0 does not contain/i, 'the source has no video stream'],
  [/Invalid data found when processing input|could not find codec parameters|moov atom not found/i, 'not a video: the source is not a stream ffmpeg can decode'],
  [/Protocol not found|Unknown protocol/i, 'unsupported URL scheme'],
  [/End of file|Connection reset by peer|Broken pipe|Server returned 5\d\d|Operation not permitted/i, 'the stream ended or the server closed the connection'],
];

/**
 * Picks the most telling message from ffmpeg's last stderr lines.
 * @param stderrTail the last lines ffmpeg wrote
 * @param exitCode the process exit code, or null when killed by a signal
 */
export function describeFfmpegFailure(stderrTail: readonly string[], exitCode: number | null): string {
  const text = stderrTail.join('\n');
  for (const [re, msg] of RULES) {
    if (re.test(text)) return msg;
  }
  const last = [...stderrTail].reverse().find((l) => l.trim().length > 0);
  if (last) return `ffmpeg: ${redactUrl(last.trim()).slice(0, 200)}`;
  return exitCode === null ? 'ffmpeg was stopped' : `ffmpeg exited with code ${exitCode}`;
}
