/**
 * Stops the daemon when the npm that launched it dies. `npm start` runs the CLI through `exec`,
 * so npm's SIGTERM/SIGINT reach the daemon directly; an npm killed with SIGKILL forwards
 * nothing, and the daemon would run on, orphaned. Under npm (and only there: a daemon started
 * with `nohup ... &` or by systemd must outlive its parent shell) the parent pid is watched.
 */

/** How often the parent pid is checked, ms. */
const EVERY_MS = 1000;

/**
 * Calls `onGone` once when the parent process changes (it died and the daemon was re-parented),
 * if the process was launched by an npm script. Returns a function that stops watching.
 */
export function watchNpmParent(onGone: () => void, env: NodeJS.ProcessEnv = process.env, everyMs = EVERY_MS): () => void {
  if (!env.npm_lifecycle_event) return () => undefined;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
