#!/usr/bin/env bash
# Installs Vigil in this checkout: npm dependencies, the TypeScript build, and ffmpeg when the
# system has none (Debian's package when we are root with apt-get; otherwise the static ffmpeg
# shipped inside the npm package @ffmpeg-installer/ffmpeg is used at run time).
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

if ! command -v ffmpeg >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing ffmpeg from the distribution (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null
  else
    log "no system ffmpeg: the static ffmpeg from @ffmpeg-installer/ffmpeg will be used"
  fi
fi

# Offline speech to text (the default engine for cameras with sound): Debian's PocketSphinx.
if [ ! -x /usr/bin/pocketsphinx_continuous ] || [ ! -d /usr/share/pocketsphinx/model/en-us ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing PocketSphinx (offline speech to text) from the distribution (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pocketsphinx pocketsphinx-en-us >/dev/null
  else
    log "PocketSphinx is missing: speech to text stays off (apt-get install pocketsphinx pocketsphinx-en-us)"
  fi
fi

log "installing npm dependencies"
# onnxruntime-node's install script downloads the CUDA libraries from NuGet on linux/x64, which
# fails offline; "skip" keeps its bundled CPU build. It reads this variable (npm 11 no longer
# accepts the key in .npmrc). A GPU box with internet may run: ONNXRUNTIME_NODE_INSTALL=cuda12 npm run setup
export ONNXRUNTIME_NODE_INSTALL="${ONNXRUNTIME_NODE_INSTALL:-skip}"
# `npm install` rather than `npm ci`: npm 11 writes lock files without the other platforms' optional
# binaries and its own `npm ci` then refuses them as out of sync.
npm install --no-audit --no-fund

log "building"
npm run --silent build

log "done. Start the daemon with: npm start   (then open http://localhost:8080/ and /healthz)"
