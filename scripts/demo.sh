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
pkg-config --exists libadwaita-1 2>/dev/null || need+=(libadwaita-1-dev)
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
mkdir -p "$shots/logs"
# Each page plays what a user would do first and reports SETTLED once it shows the result; the
# screenshot is taken then (at most SETTLE_SECONDS after start, default 60), and checked not to
# be a blank frame. A page that does not settle, or a blank screenshot, fails the run.
settle="${SETTLE_SECONDS:-60}"
for page in search numbers validation signup paging list stopwatch calculator; do
    log="$shots/logs/$page.log"
    if ! GTK_A11Y=none xvfb-run -a -s "-screen 0 860x700x24" bash -c '
        trace=()
        [ "$2" != search ] || trace=(--trace "$(dirname "$5")/search-trace.html")
        : >"$3"  # there before the first look (the demo opens it in the background)
        "$1" --page "$2" --play --quit-after "$(($4 + 30))" "${trace[@]}" >"$3" 2>&1 &
        demo=$!
        for _ in $(seq $(($4 * 10))); do
            grep -q "^SETTLED page=$2" "$3" && break
            kill -0 $demo 2>/dev/null || break
            sleep 0.1
        done
        if ! grep -q "^SETTLED page=$2" "$3"; then
            if kill -0 $demo 2>/dev/null; then
                kill $demo 2>/dev/null
                if stalled="$(grep -m1 "^STALLED" "$3")"; then
                    echo "error: the $2 page stalled: its play waited in vain (${stalled#STALLED }; its output: $3)" >&2
                else
                    echo "error: the $2 page was still running but had not settled after $4 s (its output: $3)" >&2
                fi
            else
                status=0
                wait $demo || status=$?
                echo "error: the demo of the $2 page exited with status $status before it settled (its output: $3)" >&2
            fi
            exit 1
        fi
        # A frame drawn after the settled state: a few tries if the first is blank.
        for _ in 1 2 3 4 5; do
            import -window root "$5"
            bash scripts/check-screenshot.sh "$5" 2>/dev/null && break
            sleep 0.5
        done
        kill $demo 2>/dev/null
        wait $demo 2>/dev/null || true
        bash scripts/check-screenshot.sh "$5"
    ' _ "$demo" "$page" "$log" "$settle" "$shots/$page.png"; then
        exit 1
    fi
    echo "  $page: $shots/$page.png (settled)"
done
cp "$shots/search.png" "$PWD/demo-screenshot.png"
echo "No display here: each example of the gallery ran under Xvfb and did what a user would do first;"
echo "screenshots saved to $shots (the search example also as demo-screenshot.png); the search page's"
echo "trace, a page for a browser: $shots/search-trace.html"
