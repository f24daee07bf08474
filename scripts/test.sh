#!/usr/bin/env bash
# Runs lint and every test. Integration tests need a real RTSP server (GStreamer's, through its
# Python bindings) and the dashboard tests Debian's Chromium; this installs them from Debian when
# missing and we are root.
set -euo pipefail
cd "$(dirname "$0")/.."

gst_ok() { /usr/bin/python3 -c "import gi; gi.require_version('GstRtspServer','1.0'); from gi.repository import GstRtspServer" >/dev/null 2>&1; }

# What the tests need from Debian, each with its check: one apt-get run installs whatever is missing.
#   GStreamer's RTSP server (integration tests stream the shared clips through it);
#   espeak-ng and PocketSphinx (audio tests speak and transcribe);
#   Jinja2 (the Home Assistant template test renders discovery templates with Home Assistant's engine);
#   Chromium (dashboard tests drive Debian's browser, never a downloaded one);
#   libfaketime (the clock-step test steps the daemon's wall clock).
missing=()
gst_ok || missing+=(python3 python3-gi gir1.2-gst-rtsp-server-1.0 gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly)
{ command -v espeak-ng >/dev/null 2>&1 && [ -x /usr/bin/pocketsphinx_continuous ]; } || missing+=(espeak-ng pocketsphinx pocketsphinx-en-us)
/usr/bin/python3 -c "import jinja2" >/dev/null 2>&1 || missing+=(python3-jinja2)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v faketime >/dev/null 2>&1 || missing+=(faketime)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test: installing what the tests need from Debian: ${missing[*]} (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "test: missing Debian packages: ${missing[*]}; install them (as root: apt-get install ${missing[*]})" >&2
    exit 1
  fi
fi

npm run --silent build
npx eslint . --max-warnings 0
# Unit tests first (fast), then integration tests (*.int.test.js) one file at a time.
node --test --test-reporter=spec $(find dist/test -name '*.test.js' ! -name '*.int.test.js' | sort)
node --test --test-reporter=spec --test-concurrency=1 $(find dist/test -name '*.int.test.js' | sort)
