#!/usr/bin/env bash
# The trace picture, checked as a user meets it: records the study notes' search screen on
# virtual time (TraceTests, which compares its text marbles with Tests/RxSwiftTests/Golden), writes
# the recording as the HTML page `RxTrace.write(to:)` makes, opens it in headless Chromium, and
# fails unless the page drew its lanes (one per stage, marbles in them) and its screenshot is not
# blank. Installs Chromium and ImageMagick when missing. With --update, the screenshot replaces
# the one in the documentation (Sources/RxSwift/RxSwift.docc/Images/search-trace.png).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh

ensure_page_tools

out=".build/trace-page"
rm -rf "$out"
mkdir -p "$out"
page="$PWD/$out/search-trace.html"
echo "Recording the search screen on virtual time (TraceTests)…"
OPENRX_TRACE_PAGE="$page" swift test --filter TraceTests.testTheSearchScreensTraceOnVirtualTimeIsTheGoldenOne \
    >"$out/test.log" 2>&1 || { cat "$out/test.log" >&2; exit 1; }
[ -s "$page" ] || { echo "error: the test wrote no page ($page)" >&2; exit 1; }

chrome=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,375)
"${chrome[@]}" --dump-dom "file://$page" >"$out/dom.html" 2>/dev/null
lanes="$(grep -o '<g class="row"' "$out/dom.html" | wc -l)"
marbles="$(grep -o 'rx="10"' "$out/dom.html" | wc -l)"
stages="$(grep -c '^ *#' Tests/RxSwiftTests/Golden/search-trace.txt)"
if [ "$lanes" -ne "$stages" ] || [ "$marbles" -eq 0 ]; then
    echo "error: the page drew $lanes lanes (the recording has $stages stages) and $marbles marbles" >&2
    exit 1
fi
"${chrome[@]}" --screenshot="$out/search-trace.png" "file://$page" 2>/dev/null
bash scripts/check-screenshot.sh "$out/search-trace.png"
echo "Trace page: $lanes lanes, $marbles marbles drawn; screenshot $out/search-trace.png"

# The Trace Event JSON against its schema (scripts/trace-event.schema.json: the fields Perfetto
# and chrome://tracing read, per phase). Installs the `jsonschema` Python package when missing.
python3 -c "import jsonschema" 2>/dev/null || python3 -m pip install -q jsonschema 2>/dev/null \
    || python3 -m pip install -q --break-system-packages jsonschema
OPENRX_TRACE_JSON="$PWD/$out/search-trace.json" swift test --skip-build \
    --filter TraceTests.testTheSearchScreensTraceOnVirtualTimeIsTheGoldenOne >"$out/json.log" 2>&1 \
    || { cat "$out/json.log" >&2; exit 1; }
python3 - "$out/search-trace.json" <<'PY'
import json, sys, jsonschema
document = json.load(open(sys.argv[1]))
jsonschema.validate(document, json.load(open("scripts/trace-event.schema.json")))
# Complete events on one track must nest (a slice that ends after the one it starts in is
# dropped or misdrawn by the viewers).
slices = sorted((e for e in document["traceEvents"] if e["ph"] == "X"), key=lambda e: e["ts"])
open_slices = {}
for e in slices:
    stack = open_slices.setdefault(e["tid"], [])
    while stack and stack[-1] <= e["ts"]:
        stack.pop()
    if stack and e["ts"] + e["dur"] > stack[-1]:
        sys.exit(f"Trace Event JSON: slice {e['name']} on track {e['tid']} ends after the slice it starts in")
    stack.append(e["ts"] + e["dur"])
print(f"Trace Event JSON: {len(document['traceEvents'])} events, valid against scripts/trace-event.schema.json, "
      f"{len(slices)} slices nested on {len(open_slices)} tracks")
PY

# `.recordingStreams` attaches the test's recording: run its test, keep the attachments, read them.
attachments="$PWD/$out/attachments"
mkdir -p "$attachments"
OPENRX_CHECK_ATTACHMENTS=1 swift test --skip-build --filter RecordingStreamsTests --attachments-path "$attachments" \
    >"$out/attachments.log" 2>&1 || { cat "$out/attachments.log" >&2; exit 1; }
texts=()
while IFS= read -r file; do texts+=("$file"); done < <(find "$attachments" -name 'rx-trace*.txt')
text="$(grep -l '#1 trace “attached”' "${texts[@]}" /dev/null | head -1)"
html="$(find "$attachments" -name 'rx-trace*.html' | head -1)"
if [ -z "$text" ] || [ -z "$html" ]; then
    echo "error: .recordingStreams attached no recording (attachments: $(ls "$attachments"))" >&2
    exit 1
fi
# The two tests that ran in parallel: each attachment holds its own chain only.
for name in left right; do
    other=$([ "$name" = left ] && echo right || echo left)
    mine="$(grep -l "trace “$name”" "${texts[@]}" /dev/null | head -1)"
    if [ -z "$mine" ] || grep -q "trace “$other”" "$mine"; then
        echo "error: the recording attached to the \"$name\" test is missing or holds another test's chain" >&2
        exit 1
    fi
done
echo "Attachments of .recordingStreams: $(basename "$text"), $(basename "$html")"
if [ "${1:-}" = "--update" ]; then
    cp "$out/search-trace.png" Sources/RxSwift/RxSwift.docc/Images/search-trace.png
    echo "Updated Sources/RxSwift/RxSwift.docc/Images/search-trace.png"
fi
