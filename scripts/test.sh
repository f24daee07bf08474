#!/usr/bin/env bash
# Runs lint and every test. Integration tests need a real RTSP server (GStreamer's, through its
# Python bindings) and the dashboard tests Debian's Chromium; this installs them from Debian when
# missing and we are root.
set -euo pipefail
cd "$(dirname "$0")/.."

gst_ok() { /usr/bin/python3 -c "import gi; gi.require_version('GstRtspServer','1.0'); from gi.repository import GstRtspServer" >/dev/null 2>&1; }
if ! gst_ok; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test: installing GStreamer's RTSP server for the integration tests (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 python3-gi \
      gir1.2-gst-rtsp-server-1.0 gstreamer1.0-plugins-base gstreamer1.0-plugins-good \
      gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly >/dev/null
  else
    echo "test: GStreamer's RTSP server is missing; install python3-gi gir1.2-gst-rtsp-server-1.0 gstreamer1.0-plugins-{base,good,bad,ugly}" >&2
    exit 1
  fi
fi

# The audio tests speak with espeak-ng and transcribe with PocketSphinx (Debian packages).
if ! command -v espeak-ng >/dev/null 2>&1 || [ ! -x /usr/bin/pocketsphinx_continuous ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test: installing espeak-ng and PocketSphinx for the audio tests (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends espeak-ng pocketsphinx pocketsphinx-en-us >/dev/null
  else
    echo "test: espeak-ng and PocketSphinx are missing; install espeak-ng pocketsphinx pocketsphinx-en-us" >&2
    exit 1
  fi
fi

# The Home Assistant template test renders discovery templates with Jinja2, Home Assistant's engine (Debian's python3-jinja2).
if ! /usr/bin/python3 -c "import jinja2" >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test: installing python3-jinja2 for the Home Assistant template test (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-jinja2 >/dev/null
  else
    echo "test: Jinja2 is missing; install Debian's python3-jinja2" >&2
    exit 1
  fi
fi

# The dashboard's browser tests drive Debian's Chromium (never a downloaded browser).
if ! [ -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test: installing Debian's chromium for the dashboard tests (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
  else
    echo "test: /usr/bin/chromium is missing; install Debian's chromium package" >&2
    exit 1
  fi
fi

# The clock-step test steps the daemon's wall clock with Debian's libfaketime (tests only).
if ! command -v faketime >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test: installing libfaketime for the clock-step test (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends faketime >/dev/null
  else
    echo "test: libfaketime is missing; install Debian's faketime package" >&2
    exit 1
  fi
fi

npm run --silent build
npx eslint . --max-warnings 0
# Unit tests first (fast), then integration tests (*.int.test.js) one file at a time.
node --test --test-reporter=spec $(find dist/test -name '*.test.js' ! -name '*.int.test.js' | sort)
node --test --test-reporter=spec --test-concurrency=1 $(find dist/test -name '*.int.test.js' | sort)
