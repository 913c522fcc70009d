#!/usr/bin/env bash
# Runs the RxGtk demo: the study notes' search screen in a GTK 4 window (an entry, a result count,
# a result list fed by a local HTTP endpoint, a tap counter). Installs GTK 4 first if needed.
# With no display it runs on a virtual one (Xvfb), types a query and taps by itself, and saves a
# screenshot. Without GTK, `swift run OpenRxDemo` runs the terminal demo instead.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh

need=()
pkg-config --exists gtk4 2>/dev/null || need+=(libgtk-4-dev pkg-config)
if [ -z "${DISPLAY:-}" ]; then
    command -v xvfb-run >/dev/null || need+=(xvfb xauth)
    command -v import >/dev/null || need+=(imagemagick)
fi
if ! ensure_packages "${need[@]}"; then
    echo "The GTK demo needs those packages. The terminal demo needs nothing: swift run OpenRxDemo" >&2
    exit 1
fi
enable_gtk

echo "Building the demo (swift build --product RxGtkDemo)…"
swift build --product RxGtkDemo
demo="$(swift build --show-bin-path)/RxGtkDemo"
if [ -n "${DISPLAY:-}" ]; then
    exec "$demo" "$@"
fi
shot="$PWD/demo-screenshot.png"
GTK_A11Y=none xvfb-run -a -s "-screen 0 360x480x24" bash -c \
    "\"$demo\" --undecorated --play --quit-after 5 & sleep 3.5; import -window root \"$shot\"; wait"
echo "No display here: the demo ran under Xvfb, typed \"Seo\" and tapped twice; screenshot saved to $shot"
