#!/usr/bin/env bash
# The whole test suite under ThreadSanitizer (`swift test --sanitize=thread`), in a build folder
# of its own; fails on any ThreadSanitizer report, even when every test passed. The library's
# locks announce themselves to the sanitizer (Sources/OpenRxShims), so a report is a real race.
# Runs without GTK (RxGtk's tests drive a GTK main loop the sanitizer has not been run on).
# Arguments go to `swift test` (for example `--filter ConcurrencyStressTests`).
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
start=$(date +%s)
set +e
env -u OPENRX_GTK swift test --sanitize=thread --scratch-path .build-tsan "$@" >"$log" 2>&1
status=$?
set -e
reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
summary="$(grep -E "Executed [0-9]+ tests?, with " "$log" | tail -1 | sed -E 's/^[[:space:]]+//')"
echo "ThreadSanitizer: ${summary:-no XCTest summary}; ${reports} reports; $(($(date +%s) - start)) s"
if [ "$reports" -ne 0 ] || [ "$status" -ne 0 ]; then
    # "ERROR:" is how the sanitizer reports a crash (a stack overflow, a signal).
    { grep -E "error:|ERROR:|WARNING: ThreadSanitizer|^SUMMARY" -A12 "$log" || true; } | head -300 >&2
    echo "error: the ThreadSanitizer run failed (exit $status) or reported $reports races; full log: $log" >&2
    exit 1
fi
rm -f "$log"
