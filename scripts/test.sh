#!/usr/bin/env bash
# The test command: `swift test`, on a virtual X display (Xvfb) when there is no display, so that
# the GTK tests run too (without a display and Xvfb they are skipped). Arguments go to swift test.
set -euo pipefail
cd "$(dirname "$0")/.."
export GTK_A11Y=none
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
    exec xvfb-run -a -s "-screen 0 1024x768x24" swift test "$@"
fi
exec swift test "$@"
