#!/usr/bin/env bash
# The test command: `swift test` with everything it needs. Installs GTK 4, Xvfb and xdotool
# (Debian packages) when missing, and always runs the tests on a virtual X display of their own
# (Xvfb), never on your desktop session: one test drives the GTK demo with real X input.
# Arguments go to `swift test` (for example `--filter CatchTests`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh

need=()
pkg-config --exists gtk4 2>/dev/null || need+=(libgtk-4-dev pkg-config)
command -v xvfb-run >/dev/null || need+=(xvfb xauth)
command -v xdotool >/dev/null || need+=(xdotool)
if ! ensure_packages "${need[@]}"; then
    echo "warning: running without the GTK tests (RxGtk needs libgtk-4-dev, xvfb and xdotool)." >&2
    exec swift test "$@"
fi
enable_gtk

export GTK_A11Y=none
exec xvfb-run -a -s "-screen 0 1024x768x24" env OPENRX_VIRTUAL_DISPLAY=1 swift test "$@"
