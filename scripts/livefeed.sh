#!/usr/bin/env bash
# OpenRx on a server, checked as its user meets it (Examples/LiveFeed): builds the example, runs
# its tests (the server started on a free port, LIVEFEED_WAVES waves of LIVEFEED_CLIENTS clients:
# 10 and 1,000 by default), then starts the LiveFeed server, opens its page in headless Chromium
# and fails unless the page shows live readings and its screenshot is not blank. Installs
# Chromium and ImageMagick when missing. With --update, the screenshot replaces the one in the
# documentation (Sources/RxSwift/RxSwift.docc/Images/livefeed.png).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh

ensure_page_tools

package=Examples/LiveFeed
out="$package/.build/page"
mkdir -p "$out"
# Release, as a server runs. In a debug build swift-nio's own checks and unoptimised code take
# most of the time: a wave of 1,000 clients took 3.4 s with both cores at 165%, and with two
# other busy processes on the machine the connected clients' streams kept it saturated and the
# last clients of a wave were never accepted (the test did not finish in 6 minutes). Optimised,
# a wave takes 1.5 s, the same with two or four busy processes beside it. -enable-testing: the
# tests see the example's internal types.
release=(-c release -Xswiftc -enable-testing)
swift build --package-path "$package" "${release[@]}" --build-tests
swift test --package-path "$package" "${release[@]}" --skip-build

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$package/.build/release/LiveFeed" --port "$port" --sensors 4 --interval-ms 20 >"$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    python3 -c "import urllib.request; urllib.request.urlopen(\"http://127.0.0.1:$port/stats\", timeout=1)" 2>/dev/null && break
    sleep 0.1
done

# The page stops drawing at 800 readings (`stopAfter`), which the server sends in 4 s (4 sensors,
# one reading each 20 ms), and draws its still picture then; Chromium waits up to 8 s. (Twice the
# page showed 796: it drew only on animation frames, and the DOM was read before the frame after
# the 800th reading; it now draws at once when it stops.)
chrome=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=880,560
    --virtual-time-budget=8000)
"${chrome[@]}" --dump-dom "http://127.0.0.1:$port/?stopAfter=800" >"$out/dom.html" 2>/dev/null
rows="$(grep -o '<tr><th style="color:#' "$out/dom.html" | wc -l)"
count="$(grep -o 'id="count">[0-9]*' "$out/dom.html" | grep -o '[0-9]*$' || echo 0)"
if [ "$rows" -ne 4 ] || [ "${count:-0}" -lt 800 ]; then
    echo "error: the page showed $rows sensors (4 sent) and ${count:-0} readings" >&2
    exit 1
fi
"${chrome[@]}" --screenshot="$PWD/$out/livefeed.png" "http://127.0.0.1:$port/?stopAfter=800" 2>/dev/null
bash scripts/check-screenshot.sh "$out/livefeed.png"
echo "LiveFeed page: $rows sensors, $count readings drawn; screenshot $out/livefeed.png"

kill -INT $server
wait $server || { echo "error: the server did not shut down cleanly" >&2; cat "$out/server.log" >&2; exit 1; }
grep -q "feed completed" "$out/server.log" || { echo "error: no graceful shutdown in the log" >&2; exit 1; }
trap - EXIT

if [ "${1:-}" = "--update" ]; then
    cp "$out/livefeed.png" Sources/RxSwift/RxSwift.docc/Images/livefeed.png
fi
