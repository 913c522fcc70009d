#!/usr/bin/env bash
# Runs the RxGtk demo: the study notes' search screen in a GTK 4 window (an entry, a result count,
# a result list fed by a local HTTP endpoint, a tap counter). Installs GTK 4 first if needed.
# With no display it runs on a virtual one (Xvfb) for a few seconds and saves a screenshot.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
pkg-config --exists gtk4 2>/dev/null || need+=(libgtk-4-dev pkg-config)
if [ -z "${DISPLAY:-}" ]; then
    command -v xvfb-run >/dev/null || need+=(xvfb xauth)
    command -v import >/dev/null || need+=(imagemagick)
fi
if [ ${#need[@]} -gt 0 ]; then
    echo "Installing ${need[*]} (Debian packages)…"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

swift build --product RxGtkDemo
demo="$(swift build --show-bin-path)/RxGtkDemo"
if [ -n "${DISPLAY:-}" ]; then
    exec "$demo" "$@"
fi
shot="$PWD/demo-screenshot.png"
GTK_A11Y=none xvfb-run -a -s "-screen 0 360x480x24" bash -c \
    "\"$demo\" --undecorated --quit-after 5 & sleep 3; import -window root \"$shot\"; wait"
echo "No display here: the demo ran under Xvfb; screenshot saved to $shot"
