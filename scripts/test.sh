#!/usr/bin/env bash
# The test command: `swift test` with everything it needs. Installs GTK 4, Xvfb and xdotool
# (Debian packages) when missing, and always runs the tests on a virtual X display of their own
# (Xvfb), never on your desktop session: one test drives the GTK demo with real X input.
# Arguments go to `swift test` (for example `--filter CatchTests`), except `--under-load`, which
# runs the suite beside two busy processes per core (as on a loaded CI machine): a test that
# passes only on an idle machine is a defect. Use it before stopping on engine or isolation work.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh

args=()
under_load=0
for argument in "$@"; do
    if [ "$argument" = "--under-load" ]; then under_load=1; else args+=("$argument"); fi
done
set -- "${args[@]+"${args[@]}"}"
if [ "$under_load" = 1 ]; then
    busy=()
    for _ in $(seq $((2 * $(nproc)))); do
        # Bounded: each stops by itself after 30 minutes, and all stop when this script ends.
        timeout 1800 sh -c 'while :; do :; done' &
        busy+=($!)
    done
    trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT
    echo "running the tests beside ${#busy[@]} busy processes" >&2
fi

need=()
pkg-config --exists gtk4 2>/dev/null || need+=(libgtk-4-dev pkg-config)
pkg-config --exists libadwaita-1 2>/dev/null || need+=(libadwaita-1-dev)
command -v xvfb-run >/dev/null || need+=(xvfb xauth)
command -v xdotool >/dev/null || need+=(xdotool)
if ! ensure_packages "${need[@]}"; then
    echo "warning: running without the GTK tests (RxGtk needs libgtk-4-dev, xvfb and xdotool)." >&2
    swift test "$@"
    exit
fi
enable_gtk

export GTK_A11Y=none
xvfb-run -a -s "-screen 0 1024x768x24" env OPENRX_VIRTUAL_DISPLAY=1 swift test "$@"
