#!/usr/bin/env bash
# Runs the OpenRx gallery: RxCocoa-style examples on GTK 4 widgets (search, adding numbers,
# validation, sign-up against a local HTTP service, search with paging, an editable list, a
# stopwatch, a calculator). Installs GTK 4 first if needed. With no display it runs each example
# on a virtual one (Xvfb), lets it do what a user would do first, and saves one screenshot per
# example (gallery-screenshots/, and the first as demo-screenshot.png). Without GTK,
# `swift run OpenRxDemo` runs the terminal demo instead.
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
shots="$PWD/gallery-screenshots"
mkdir -p "$shots"
for page in search numbers validation signup paging list stopwatch calculator; do
    GTK_A11Y=none xvfb-run -a -s "-screen 0 860x700x24" bash -c \
        "\"$demo\" --page $page --play --quit-after 5 & sleep 3.5; import -window root \"$shots/$page.png\"; wait"
    echo "  $page: $shots/$page.png"
done
cp "$shots/search.png" "$PWD/demo-screenshot.png"
echo "No display here: each example of the gallery ran under Xvfb and did what a user would do first;"
echo "screenshots saved to $shots (the search example also as demo-screenshot.png)"
